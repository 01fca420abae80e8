import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountGroups, accounts, funds } from './schema.ts';

export type AccountRow = typeof accounts.$inferSelect;

export const insertGroup = async (tx: Tx, row: typeof accountGroups.$inferInsert) =>
  (await tx.insert(accountGroups).values(row).returning())[0]!;
export const insertFund = async (tx: Tx, row: typeof funds.$inferInsert) =>
  (await tx.insert(funds).values(row).returning())[0]!;
export const insertAccount = async (tx: Tx, row: typeof accounts.$inferInsert) =>
  (await tx.insert(accounts).values(row).returning())[0]!;

/** Active accounts of the tenant matching the filter, ordered by code then name. */
export async function listAccounts(
  tx: Tx,
  tenantId: string,
  filter: { types?: string[]; cashBankOnly?: boolean },
): Promise<AccountRow[]> {
  const conds = [eq(accounts.tenantId, tenantId), eq(accounts.isActive, true)];
  if (filter.types) conds.push(inArray(accounts.accountType, filter.types));
  if (filter.cashBankOnly) conds.push(eq(accounts.isCashBank, true));
  return tx
    .select()
    .from(accounts)
    .where(and(...conds))
    .orderBy(asc(accounts.code), asc(accounts.name));
}

export async function getAccounts(tx: Tx, tenantId: string, ids: string[]): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), inArray(accounts.id, ids)));
}

export async function getAccountBySystemKey(tx: Tx, tenantId: string, key: string): Promise<AccountRow | undefined> {
  const rows = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.systemKey, key)));
  return rows[0];
}
