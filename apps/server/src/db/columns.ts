import { sql } from 'drizzle-orm';
import { foreignKey, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Column helpers shared by every tenant table (DESIGN.md §1.4): `tenant_id` leads
 * every primary and foreign key, so no row can point into another tenant.
 */
export const tenantId = () => uuid('tenant_id').notNull();
export const id = () => uuid('id').notNull().defaultRandom();
/**
 * The key of a big append-only table (journal entries and lines, offering rows): a time-ordered
 * UUID version 7 made by the database function uuid_v7() (migration 0014) unless the
 * application gives one (lib/ids.ts newRowId), so new rows land at the end of the indexes.
 */
export const rowId = () =>
  uuid('id')
    .notNull()
    .default(sql`uuid_v7()`);
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
