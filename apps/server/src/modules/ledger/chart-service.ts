import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { TAccount, TAccountHeadGroup, TChartOfAccounts } from '@steward/contracts/chart';
import { ACCOUNT_REQUIRED_MESSAGE, CHART_ORDER } from '@steward/contracts/chart';
import type { TCashBankBalance } from '@steward/contracts/finance';
import type { TAccountType } from '@steward/contracts/ledger';
import type { z } from 'zod';
import type { ZAccountSave } from '@steward/contracts/chart';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { findCurrencyByCode, findCurrencyById } from '../lookups/reference.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { unrestrictedFundId } from './service.ts';
import { contributionItemRemittances, contributionItems } from '../offerings/schema.ts';
import {
  accountBalances,
  accountGroups,
  accounts,
  financialTransactionLines,
  financialTransactions,
  funds,
} from './schema.ts';
import { accountRows, accountsWithFigures, naturalSign, sumsIn, sumsOf } from './account-figures.ts';
import { createFund, fundTypeOfHead, fundUsedByItems } from './funds-service.ts';

type AccountRow = typeof accounts.$inferSelect;
type AccountSave = z.output<typeof ZAccountSave>;

/** Re-exported for the account register (register-query.ts), which imports it from here. */
export { naturalSign };

/** Accounts Steward posts to by itself: never deleted or deactivated. */
const PROTECTED_KEYS = new Set(['unrestricted_fund', 'fx_clearing', 'fx_rounding', 'interfund']);
export const isProtected = (a: { systemKey: string | null }) => a.systemKey !== null && PROTECTED_KEYS.has(a.systemKey);

/** True when anything was ever posted to the account (balance rows with lines). */
async function hasPostings(ctx: TenantCtx, accountId: string): Promise<boolean> {
  const [row] = await ctx.tx
    .select({ id: accountBalances.accountId })
    .from(accountBalances)
    .where(
      and(
        eq(accountBalances.tenantId, ctx.tenantId),
        eq(accountBalances.accountId, accountId),
        sql`${accountBalances.lineCount} > 0`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The church's account heads in the chart's order (one query). */
const headsOf = (ctx: TenantCtx) =>
  ctx.tx
    .select()
    .from(accountGroups)
    .where(eq(accountGroups.tenantId, ctx.tenantId))
    .orderBy(asc(accountGroups.sortOrder), asc(accountGroups.name), asc(accountGroups.id));

/**
 * GET /api/Financials/GetChartOfAccounts (spec 2.10; existing-client-api §2.5): five groups
 * read by index (0 assets, 1 liabilities, 2 equity, 3 income, 4 expenses), each `{key,
 * accountType, accounts, accountHeadsDTO:[{id, name, groupSubHead, accounts:[...]}]}` with the
 * heads' accounts and balances (decimal major units of each account's currency), and the
 * accounts that have no head. Deactivated accounts are included (marked isActive false).
 * Two SQL statements (heads; accounts with their sums), plus one for rates when some balance
 * holds another currency.
 */
export async function chartOfAccounts(ctx: TenantCtx): Promise<TChartOfAccounts> {
  const heads = await headsOf(ctx);
  const all = await accountsWithFigures(ctx, { all: true });
  const byHead = new Map<string, TAccount[]>();
  for (const a of all) {
    if (a.financialAccountGroupID === null) continue;
    const list = byHead.get(a.financialAccountGroupID);
    if (list) list.push(a);
    else byHead.set(a.financialAccountGroupID, [a]);
  }
  return {
    accountwithHeads: CHART_ORDER.map((type, key) => {
      const accountHeadsDTO = heads
        .filter((h) => h.accountType === type)
        .map((h) => ({
          id: h.id,
          name: h.name,
          groupSubHead: h.groupSubHead,
          accountType: type,
          isCashBank: h.isCashBank,
          accounts: byHead.get(h.id) ?? [],
        }));
      return { key, accountType: type, accounts: accountHeadsDTO.flatMap((h) => h.accounts), accountHeadsDTO };
    }),
    accountwithoutheads: all.filter((a) => a.financialAccountGroupID === null),
  };
}

/**
 * GET /api/Financials/Accounts/GetAccountHeads (spec §7; existing-client-api §2.5): the heads
 * (the `financialAccountGroupID` choices) in the chart's five groups, in the chart's order:
 * `[{key, accountType, accountHeadsDTO:[{id, name, groupSubHead, accountType, isCashBank}]}]`.
 * One SQL statement.
 */
export async function accountHeads(ctx: TenantCtx): Promise<TAccountHeadGroup[]> {
  const heads = await headsOf(ctx);
  return CHART_ORDER.map((type, key) => ({
    key,
    accountType: type,
    accountHeadsDTO: heads
      .filter((h) => h.accountType === type)
      .map((h) => ({
        id: h.id,
        name: h.name,
        groupSubHead: h.groupSubHead,
        accountType: type,
        isCashBank: h.isCashBank,
      })),
  }));
}

async function findAccount(ctx: TenantCtx, id: string): Promise<AccountRow> {
  const [a] = await ctx.tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.id, id)));
  if (!a) throw notFound('Account');
  return a;
}

/** The church's account head `id`; throws 400 naming financialAccountGroupID when it is not one. */
export async function findHead(ctx: TenantCtx, id: string) {
  const [h] = await ctx.tx
    .select()
    .from(accountGroups)
    .where(and(eq(accountGroups.tenantId, ctx.tenantId), eq(accountGroups.id, id)));
  if (!h) throw badRequest('financialAccountGroupID', 'is not an account head of this church');
  return h;
}

/**
 * POST /api/Financials/Accounts/Save (create) and PUT (edit, also edits a fund's account):
 * spec 2.8 add-account dialog and 2.10. The head decides the type and whether the account
 * is a cash/bank account; an equity account is a fund. Type, currency and fund cannot
 * change once the account has postings. Throws 400 naming the field; 404 for a foreign id.
 */
export async function saveAccount(
  ctx: TenantCtx,
  input: AccountSave,
  mode: 'create' | 'edit',
): Promise<{ account: TAccount; created: boolean }> {
  if (mode === 'edit' && !input.id) throw badRequest('id', 'is required to edit an account');
  // names and codes are unique by index (accounts_name_key, accounts_code_key): a clash,
  // even between two simultaneous requests, is a 400 naming the field (lib/pg-errors.ts)
  const existing = mode === 'edit' && input.id ? await findAccount(ctx, input.id) : null;
  const head = input.financialAccountGroupID ? await findHead(ctx, input.financialAccountGroupID) : null;
  const type = (head?.accountType ?? input.accountType ?? existing?.accountType) as TAccountType | undefined;
  if (!type) throw badRequest('accountType', ACCOUNT_REQUIRED_MESSAGE);
  if (head && input.accountType && input.accountType !== head.accountType) {
    throw badRequest('accountType', `does not match the head ${head.name} (${head.accountType})`);
  }
  const currencyCode = input.currencyID
    ? findCurrencyById(input.currencyID)?.shortCode
    : (existing?.currencyCode ?? (await homeCurrency(ctx)));
  if (!currencyCode) throw badRequest('currencyID', 'is not an ISO 4217 currency');
  let fundId = input.financialFundID ?? existing?.fundId ?? null;
  if (input.financialFundID) {
    const [f] = await ctx.tx
      .select()
      .from(funds)
      .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, input.financialFundID)));
    if (!f) throw badRequest('financialFundID', 'is not a fund of this church');
  }
  if (existing) {
    const posted = await hasPostings(ctx, existing.id);
    if (posted && type !== existing.accountType)
      throw badRequest('accountType', 'cannot change: the account has postings');
    if (posted && currencyCode !== existing.currencyCode)
      throw badRequest('currencyID', 'cannot change: the account has postings');
    if (posted && fundId !== existing.fundId)
      throw badRequest('financialFundID', 'cannot change: the account has postings');
    if (isProtected(existing) && type !== existing.accountType)
      throw badRequest('accountType', 'cannot change for an account Steward relies on');
  }
  if (type === 'income' && !fundId) fundId = await unrestrictedFundId(ctx);
  // -1 (the existing client's "unknown head name") means the fund type was not chosen
  const fundType = input.fundType === 0 || input.fundType === 1 ? input.fundType : undefined;
  let code = input.code;
  if (type === 'equity' && !fundId) {
    const fund = await createFund(ctx, {
      name: input.name,
      code: input.code,
      fundType: fundType ?? fundTypeOfHead(head?.name),
      headId: head?.id ?? null,
      withAccount: false,
    });
    fundId = fund.id;
    code = fund.code;
  } else if (type === 'equity' && fundId && existing) {
    await ctx.tx
      .update(funds)
      .set({
        name: input.name,
        code: input.code,
        ...(fundType !== undefined ? { fundType } : {}),
      })
      .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, fundId)));
  }
  const values = {
    name: input.name,
    code,
    description: input.description,
    accountType: type,
    accountGroupId: head?.id ?? (input.financialAccountGroupID === null ? null : (existing?.accountGroupId ?? null)),
    fundId: type === 'income' || type === 'equity' ? fundId : null,
    currencyCode,
    isCashBank: type === 'assets' ? (head?.isCashBank ?? existing?.isCashBank ?? false) : false,
  };
  let row: AccountRow;
  if (existing) {
    [row] = (await ctx.tx
      .update(accounts)
      .set(values)
      .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.id, existing.id)))
      .returning()) as [AccountRow];
  } else {
    [row] = (await ctx.tx
      .insert(accounts)
      .values({ tenantId: ctx.tenantId, ...values })
      .returning()) as [AccountRow];
  }
  const [account] = await accountsWithFigures(ctx, { ids: [row.id] });
  return { account: account!, created: !existing };
}

/** Why an account cannot simply be deleted, or null when it can. */
async function accountInUse(ctx: TenantCtx, a: AccountRow): Promise<string | null> {
  if (await hasPostings(ctx, a.id)) return 'it has postings in the books';
  const t = ctx.tenantId;
  const [item] = await ctx.tx
    .select({ id: contributionItems.id })
    .from(contributionItems)
    .where(
      and(
        eq(contributionItems.tenantId, t),
        or(eq(contributionItems.incomeAccountId, a.id), eq(contributionItems.cashAccountId, a.id)),
      ),
    )
    .limit(1);
  const [rem] = await ctx.tx
    .select({ id: contributionItemRemittances.id })
    .from(contributionItemRemittances)
    .where(
      and(
        eq(contributionItemRemittances.tenantId, t),
        or(
          eq(contributionItemRemittances.destinationCashBankAccountId, a.id),
          eq(contributionItemRemittances.destinationIncomeAccountId, a.id),
        ),
      ),
    )
    .limit(1);
  if (item || rem) return 'offering items use it';
  if (a.accountType === 'equity' && a.fundId && (await fundUsedByItems(ctx, a.fundId)))
    return 'an offering item sends a remittance to its fund';
  const [doc] = await ctx.tx
    .select({ id: financialTransactionLines.id })
    .from(financialTransactionLines)
    .where(and(eq(financialTransactionLines.tenantId, t), eq(financialTransactionLines.accountId, a.id)))
    .limit(1);
  const [docAcc] = await ctx.tx
    .select({ id: financialTransactions.id })
    .from(financialTransactions)
    .where(and(eq(financialTransactions.tenantId, t), eq(financialTransactions.accountId, a.id)))
    .limit(1);
  return doc || docAcc ? 'transactions use it' : null;
}

/**
 * DELETE /api/Financials/Accounts/Delete?id= (spec 2.10): deletes an unused account. One with
 * postings or uses answers 409 saying why and offering deactivation; accounts Steward relies
 * on cannot be deleted or deactivated. 404 for a missing or foreign id.
 */
export async function deleteAccount(ctx: TenantCtx, id: string): Promise<string> {
  const a = await findAccount(ctx, id);
  if (isProtected(a)) throw conflict(`${a.name} is used by Steward itself and cannot be deleted`, false);
  const why = await accountInUse(ctx, a);
  if (why)
    throw conflict(
      `${a.name} cannot be deleted because ${why}. Deactivate it instead: it leaves the pickers and keeps its history.`,
      true,
    );
  await ctx.tx.delete(accounts).where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.id, id)));
  if (a.accountType === 'equity' && a.fundId) {
    const [other] = await ctx.tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.fundId, a.fundId)))
      .limit(1);
    const [posted] = await ctx.tx
      .select({ n: accountBalances.lineCount })
      .from(accountBalances)
      .where(and(eq(accountBalances.tenantId, ctx.tenantId), eq(accountBalances.fundId, a.fundId)))
      .limit(1);
    if (!other && !posted)
      await ctx.tx.delete(funds).where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, a.fundId)));
  }
  return `The account ${a.name} was deleted`;
}

/**
 * POST /api/Financials/Accounts/Deactivate?id= (and Activate): a deactivated account leaves
 * the pickers but keeps its history; a fund's account takes its fund along.
 */
export async function setAccountActive(ctx: TenantCtx, id: string, active: boolean): Promise<string> {
  const a = await findAccount(ctx, id);
  if (isProtected(a) && !active) throw conflict(`${a.name} is used by Steward itself and cannot be deactivated`, false);
  await ctx.tx
    .update(accounts)
    .set({ isActive: active })
    .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.id, id)));
  if (a.accountType === 'equity' && a.fundId) {
    await ctx.tx
      .update(funds)
      .set({ isActive: active })
      .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, a.fundId)));
  }
  return `The account ${a.name} was ${active ? 'activated' : 'deactivated'}`;
}

/**
 * GET /api/Financials/Accounts/GetCashBankAccountsBalances (spec 2.8 account selector;
 * existing-client-api §2.6): active cash and bank accounts `[{id, text, balance, currency:
 * {symbol, shortCode}}]`, balances in decimal major units of each account's own currency.
 */
export async function cashBankBalances(ctx: TenantCtx): Promise<TCashBankBalance[]> {
  const rows = await accountRows(ctx, { activeCashBank: true }, false);
  const own = await sumsIn(
    ctx,
    rows.map((a) => ({ key: a.id, currency: a.currencyCode, sums: sumsOf(a.own, a.currencyCode, a.foreign) })),
  );
  return rows.map((a) => {
    const c = findCurrencyByCode(a.currencyCode);
    return {
      id: a.id,
      text: a.code ? `${a.code} - ${a.name}` : a.name,
      balance: minorToJson(own.get(a.id)! * naturalSign(a.accountType), a.currencyCode),
      currency: { symbol: c?.symbol ?? a.currencyCode, shortCode: a.currencyCode },
    };
  });
}
