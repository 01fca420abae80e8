import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, tenantFk, tenantId } from '../../db/columns.ts';

/** A church or non-profit. The tenant's own id is its tenant_id. */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  churchName: text('church_name').notNull(),
  countryCode: text('country_code').notNull(),
  currencyCode: text('currency_code').notNull(),
  logoUrl: text('logo_url'),
  /** the next finance-document number (TRX-000001...), counted per church */
  nextTransactionNo: bigint('next_transaction_no', { mode: 'number' }).notNull().default(1),
  createdAt: createdAt(),
});

/** A signed-in organisation user (administrator or finance officer). */
export const users = pgTable(
  'users',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{Admin}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** A sign-in session: only the SHA-256 of the opaque token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tenantId: tenantId(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.tokenHash] }),
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.tenantId, t.userId),
    tenantFk('sessions_user_fk', t.tenantId, t.userId, users.tenantId, users.id),
  ],
);

/** Client keys of retried money-moving requests (DESIGN.md §1.7). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    tenantId: tenantId(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    response: text('response').notNull(),
    /** SHA-256 of the request (method, path, body): a key reused with another body is a 422 */
    requestHash: text('request_hash').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.scope, t.key] })],
);

/**
 * Fixed-window request counters shared by every app process (issue 6): sign-up, sign-in and
 * the public endpoints. Not a tenant table: the key is a bucket name and a client address.
 * The application reaches it only through the security-definer function rate_limit_hit().
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
});
