import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { accountGroups, accounts, funds, journalEntries, journalLines } from './schema.ts';

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

export async function fundExists(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .select({ id: funds.id })
    .from(funds)
    .where(and(eq(funds.tenantId, tenantId), eq(funds.id, id)));
  return rows.length > 0;
}

export const insertEntry = async (tx: Tx, row: typeof journalEntries.$inferInsert) =>
  (await tx.insert(journalEntries).values(row).returning())[0]!;

export async function insertLines(tx: Tx, rows: (typeof journalLines.$inferInsert)[]): Promise<void> {
  await tx.insert(journalLines).values(rows);
}

export async function getEntryLines(tx: Tx, tenantId: string, entryId: string) {
  return tx
    .select()
    .from(journalLines)
    .where(and(eq(journalLines.tenantId, tenantId), eq(journalLines.entryId, entryId)))
    .orderBy(asc(journalLines.lineNo));
}

/** Balance per account and currency in minor units (debits positive). */
export async function accountBalances(tx: Tx, tenantId: string) {
  return tx
    .select({
      accountId: journalLines.accountId,
      currencyCode: journalLines.currencyCode,
      balance: sql<string>`sum(${journalLines.amountMinor})`.as('balance'),
    })
    .from(journalLines)
    .where(eq(journalLines.tenantId, tenantId))
    .groupBy(journalLines.accountId, journalLines.currencyCode);
}
