import { sql } from 'drizzle-orm';
import { foreignKey, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column helpers shared by every tenant table (DESIGN.md §1.4): `tenant_id` leads
 * every primary and foreign key, so no row can point into another tenant.
 */
export const tenantId = () => uuid('tenant_id').notNull();
export const id = () => uuid('id').notNull().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** All-zero uuid: the spec's "not set" identifier. */
export const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/**
 * A composite foreign key `(tenant_id, col) -> target(tenant_id, id)`.
 * @param name constraint name (kept short; PostgreSQL truncates at 63 chars)
 */
export function tenantFk(
  name: string,
  tenantCol: AnyPgColumn,
  col: AnyPgColumn,
  targetTenant: AnyPgColumn,
  targetId: AnyPgColumn,
) {
  return foreignKey({ name, columns: [tenantCol, col], foreignColumns: [targetTenant, targetId] });
}

export { sql };
