import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { sessions, tenants, users } from '../tenancy/schema.ts';

export interface UserLogin {
  tenant_id: string;
  user_id: string;
  password_hash: string;
  is_active: boolean;
}

/** Finds a user by e-mail across tenants through the narrow security-definer lookup. */
export async function findLogin(tx: Tx, email: string): Promise<UserLogin | undefined> {
  const rows = await queryRows<UserLogin>(tx, sql`select * from auth_find_user(${email})`);
  return rows[0];
}

/** Finds a live session by token hash through the narrow lookup. */
export async function findSession(
  tx: Tx | Db,
  tokenHash: string,
): Promise<{ tenant_id: string; user_id: string } | undefined> {
  const rows = await queryRows<{ tenant_id: string; user_id: string }>(
    tx,
    sql`select tenant_id, user_id from auth_find_session(${tokenHash})`,
  );
  return rows[0];
}

export async function insertSession(tx: Tx, row: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(row);
}

export async function revokeSession(tx: Tx, tenantId: string, tokenHash: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.tokenHash, tokenHash)));
}

export async function getUserWithTenant(tx: Tx, tenantId: string, userId: string) {
  const rows = await tx
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return rows[0];
}
