import { sql } from 'drizzle-orm';
import { foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.ts';

/*
 * Platform operators (issue 9 'Sender IDs'): the people who run a Steward installation and
 * review the churches' sender ID requests. Not church users and not tenant tables (no tenant_id,
 * no row-level security): the application role cannot read them at all (migration 0016 grants
 * nothing on them); it reaches them only through the narrow security-definer functions of that
 * migration. Operators are created by `npm run operator:create` (cli/create-operator.ts), which
 * runs as the migration role.
 */

/** An operator: an e-mail (unique in any case) and an argon2id password hash. */
export const platformOperators = pgTable(
  'platform_operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('platform_operators_email_key').on(sql`lower(${t.email})`)],
);

/** An operator's sign-in session: only the SHA-256 of the opaque cookie token is stored. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    operatorId: uuid('operator_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('operator_sessions_operator_idx').on(t.operatorId),
    foreignKey({
      name: 'operator_sessions_operator_fk',
      columns: [t.operatorId],
      foreignColumns: [platformOperators.id],
    }).onDelete('cascade'),
  ],
);
