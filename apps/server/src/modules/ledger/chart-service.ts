import { and, asc, eq, inArray, like, or, sql } from 'drizzle-orm';
import type { TAccount, TAccountHeadGroup, TChartOfAccounts, TFund } from '@steward/contracts/chart';
import { ACCOUNT_REQUIRED_MESSAGE, CHART_ORDER } from '@steward/contracts/chart';
import type { TCashBankBalance } from '@steward/contracts/finance';
import type { TAccountType } from '@steward/contracts/ledger';
import type { z } from 'zod';
import type { ZAccountSave, ZFundSave } from '@steward/contracts/chart';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { findCurrencyByCode, findCurrencyById } from '../lookups/reference.ts';
import { tenants } from '../tenancy/schema.ts';
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
import { convertSigned, ratesOn } from './fx.ts';
import { fundBalances } from './posting.ts';

type AccountRow = typeof accounts.$inferSelect;
type AccountSave = z.output<typeof ZAccountSave>;
type FundSave = z.output<typeof ZFundSave>;

/** Accounts Steward posts to by itself: never deleted or deactivated. */
const PROTECTED_KEYS = new Set(['unrestricted_fund', 'fx_clearing', 'fx_rounding', 'interfund']);
const isProtected = (a: { systemKey: string | null }) => a.systemKey !== null && PROTECTED_KEYS.has(a.systemKey);

/** Assets and expenses carry debit balances; liabilities, equity and income credit balances. */
export const naturalSign = (type: string): bigint => (type === 'assets' || type === 'expense' ? 1n : -1n);

/**
 * Balance (minor units of the account's currency, natural sign) and whether anything was
 * ever posted, per account, from the balances the database keeps. Lines of another currency
 * on an account (Currency Exchange, FX rounding) are converted at the newest stored rate.
 */
export async function accountFigures(
  ctx: TenantCtx,
  rows: AccountRow[],
  opts: { allOfTenant?: boolean } = {},
): Promise<Map<string, { balance: bigint; posted: boolean }>> {
  const out = new Map(rows.map((a) => [a.id, { balance: 0n, posted: false }]));
  if (rows.length === 0) return out;
  const sums = await ctx.tx
    .select({
      accountId: accountBalances.accountId,
      currency: accountBalances.currencyCode,
      total: sql<string>`sum(${accountBalances.balanceMinor})`,
      lines: sql<string>`sum(${accountBalances.lineCount})`,
    })
    .from(accountBalances)
    .where(
      opts.allOfTenant
        ? eq(accountBalances.tenantId, ctx.tenantId)
        : and(
            eq(accountBalances.tenantId, ctx.tenantId),
            inArray(
              accountBalances.accountId,
              rows.map((a) => a.id),
            ),
          ),
    )
    .groupBy(accountBalances.accountId, accountBalances.currencyCode);
  const byId = new Map(rows.map((a) => [a.id, a]));
  const foreign = sums.filter((s) => byId.has(s.accountId) && s.currency !== byId.get(s.accountId)!.currencyCode);
  const codes = [...new Set(foreign.flatMap((s) => [s.currency, byId.get(s.accountId)!.currencyCode]))];
  const used = codes.length ? await ratesOn(ctx.tx, codes, '9999-12-31', 'currency') : null;
  for (const s of sums) {
    const a = byId.get(s.accountId);
    if (!a) continue;
    const raw = BigInt(s.total);
    const inOwn =
      s.currency === a.currencyCode || !used ? raw : convertSigned(raw, s.currency, a.currencyCode, used.rates).amount;
    const cur = out.get(a.id)!;
    out.set(a.id, {
      balance: cur.balance + inOwn * naturalSign(a.accountType),
      posted: cur.posted || Number(s.lines) > 0,
    });
  }
  return out;
}

function toAccount(a: AccountRow, fig: { balance: bigint; posted: boolean }, fundType: number | null): TAccount {
  const c = findCurrencyByCode(a.currencyCode);
  return {
    id: a.id,
    name: a.name,
    code: a.code,
    accountType: a.accountType as TAccountType,
    description: a.description,
    financialAccountGroupID: a.accountGroupId,
    financialFundID: a.fundId,
    currencyID: c?.id ?? 0,
    balance: minorToJson(fig.balance, a.currencyCode),
    currency: { shortCode: a.currencyCode, symbol: c?.symbol ?? a.currencyCode },
    isActive: a.isActive,
    isCashBank: a.isCashBank,
    hasPostings: fig.posted,
    fundType,
  };
}

/**
 * Accounts with their figures. A fund's equity account shows the fund's balance (its net
 * assets: what the income, expense and fund lines of the fund add up to), which is what a
 * treasurer reads on the Fund [Equity] tab.
 */
async function accountsWithFigures(ctx: TenantCtx, rows: AccountRow[], allOfTenant = false): Promise<TAccount[]> {
  const figures = await accountFigures(ctx, rows, { allOfTenant });
  const fundRows = await ctx.tx
    .select({ id: funds.id, fundType: funds.fundType })
    .from(funds)
    .where(eq(funds.tenantId, ctx.tenantId));
  const fundType = new Map(fundRows.map((f) => [f.id, f.fundType]));
  const fundAccounts = rows.filter((a) => a.accountType === 'equity' && a.fundId);
  const fundTotals = await fundBalances(ctx, [...new Set(fundAccounts.map((a) => a.fundId!))]);
  return rows.map((a) => {
    const fig = figures.get(a.id)!;
    const isFund = a.accountType === 'equity' && a.fundId !== null;
    const shown = isFund ? { balance: fundTotals.get(a.fundId!) ?? 0n, posted: fig.posted } : fig;
    return toAccount(a, shown, isFund ? (fundType.get(a.fundId!) ?? null) : null);
  });
}

/**
 * GET /api/Financials/GetChartOfAccounts (spec 2.10; existing-client-api §2.5): five groups
 * read by index (0 assets, 1 liabilities, 2 equity, 3 income, 4 expenses), each `{key,
 * accountType, accounts, accountHeadsDTO:[{id, name, groupSubHead, accounts:[...]}]}` with the
 * heads' accounts and balances (decimal major units of each account's currency), and the
 * accounts that have no head. Deactivated accounts are included (marked isActive false).
 */
export async function chartOfAccounts(ctx: TenantCtx): Promise<TChartOfAccounts> {
  const heads = await ctx.tx
    .select()
    .from(accountGroups)
    .where(eq(accountGroups.tenantId, ctx.tenantId))
    .orderBy(asc(accountGroups.sortOrder), asc(accountGroups.name));
  const rows = await ctx.tx
    .select()
    .from(accounts)
    .where(eq(accounts.tenantId, ctx.tenantId))
    .orderBy(asc(accounts.code), asc(accounts.name));
  const all = await accountsWithFigures(ctx, rows, true);
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
 */
export async function accountHeads(ctx: TenantCtx): Promise<TAccountHeadGroup[]> {
  const heads = await ctx.tx
    .select()
    .from(accountGroups)
    .where(eq(accountGroups.tenantId, ctx.tenantId))
    .orderBy(asc(accountGroups.sortOrder), asc(accountGroups.name));
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

async function findHead(ctx: TenantCtx, id: string) {
  const [h] = await ctx.tx
    .select()
    .from(accountGroups)
    .where(and(eq(accountGroups.tenantId, ctx.tenantId), eq(accountGroups.id, id)));
  if (!h) throw badRequest('financialAccountGroupID', 'is not an account head of this church');
  return h;
}

/**
 * A fund type from an equity head's name, the existing client's rule (existing-client-api §7b
 * 16): 'Donor Restricted Funds' → 1, anything else ('Unrestricted Funds', 'Funds') → 0.
 */
const fundTypeOfHead = (headName: string | undefined): 0 | 1 =>
  /restricted/i.test(headName ?? '') && !/unrestricted/i.test(headName ?? '') ? 1 : 0;

/** Codes of the equity range Steward keeps for its own accounts (Unrestricted Funds, Currency Exchange). */
const RESERVED_FUND_CODES = new Set(['3000', '3900']);

/**
 * The code a new fund gets when none is given (issue 7): the next free code of the equity
 * range, 3100, 3200, … 3800, then 3010, 3020, … 3990, then any free 3001-3999 ('' when the range
 * is full), skipping the codes Steward reserves. Free means no account and no fund of the church
 * has it. The church's row is locked first, so two funds created at once get different codes.
 */
async function nextFundCode(ctx: TenantCtx): Promise<string> {
  await ctx.tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, ctx.tenantId)).for('update');
  const accountCodes = await ctx.tx
    .select({ code: accounts.code })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenantId), like(accounts.code, '3%')));
  const fundCodes = await ctx.tx
    .select({ code: funds.code })
    .from(funds)
    .where(and(eq(funds.tenantId, ctx.tenantId), like(funds.code, '3%')));
  const used = new Set([...RESERVED_FUND_CODES, ...accountCodes.map((r) => r.code), ...fundCodes.map((r) => r.code)]);
  const candidates = [
    ...Array.from({ length: 9 }, (_, i) => 3000 + (i + 1) * 100),
    ...Array.from({ length: 99 }, (_, i) => 3000 + (i + 1) * 10),
    ...Array.from({ length: 999 }, (_, i) => 3001 + i),
  ].map(String);
  return candidates.find((c) => !used.has(c)) ?? '';
}

async function defaultFundHead(ctx: TenantCtx): Promise<string | null> {
  const [row] = await ctx.tx
    .select({ g: accounts.accountGroupId })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.systemKey, 'unrestricted_fund')));
  return row?.g ?? null;
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
    const posted = (await accountFigures(ctx, [existing])).get(existing.id)!.posted;
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
    code ||= await nextFundCode(ctx);
    const [f] = await ctx.tx
      .insert(funds)
      .values({
        tenantId: ctx.tenantId,
        name: input.name,
        code,
        fundType: fundType ?? fundTypeOfHead(head?.name),
        accountGroupId: head?.id ?? null,
      })
      .returning();
    fundId = f!.id;
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
  const [account] = await accountsWithFigures(ctx, [row]);
  return { account: account!, created: !existing };
}

/** Why an account cannot simply be deleted, or null when it can. */
async function accountInUse(ctx: TenantCtx, a: AccountRow): Promise<string | null> {
  if ((await accountFigures(ctx, [a])).get(a.id)!.posted) return 'it has postings in the books';
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

/** True when an offering item's remittance names the fund (its money would be sent there). */
async function fundUsedByItems(ctx: TenantCtx, fundId: string): Promise<boolean> {
  const [rem] = await ctx.tx
    .select({ id: contributionItemRemittances.id })
    .from(contributionItemRemittances)
    .where(and(eq(contributionItemRemittances.tenantId, ctx.tenantId), eq(contributionItemRemittances.fundId, fundId)))
    .limit(1);
  return rem !== undefined;
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

/** GET /api/Financials/Funds (spec §7): funds with their balances in the tenant currency. */
export async function listFunds(ctx: TenantCtx): Promise<TFund[]> {
  const rows = await ctx.tx.select().from(funds).where(eq(funds.tenantId, ctx.tenantId)).orderBy(asc(funds.name));
  const fundAccounts = await ctx.tx
    .select({ id: accounts.id, fundId: accounts.fundId })
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.accountType, 'equity')));
  const balances = await fundBalances(
    ctx,
    rows.map((f) => f.id),
  );
  const currency = await homeCurrency(ctx);
  return rows.map((f) => ({
    id: f.id,
    name: f.name,
    code: f.code,
    fundType: f.fundType,
    financialAccountGroupID: f.accountGroupId,
    accountID: fundAccounts.find((a) => a.fundId === f.id)?.id ?? null,
    balance: minorToJson(balances.get(f.id) ?? 0n, currency),
    isActive: f.isActive,
  }));
}

/**
 * POST /api/Financials/Funds/Save (spec 2.10 'Add Fund'; existing-client-api §2.5): a fund and
 * its equity account in the given head (default: the head of 'Unrestricted Funds'); with `id`,
 * renames it. Without a code a new fund gets the next free one of the range (3100, 3200, …);
 * a fundType of -1 (not chosen) keeps an edited fund's type and takes a new one's from its
 * head's name ('Donor Restricted Funds' → 1, else 0). Throws 400 naming the field, 404 for a
 * foreign id.
 */
export async function saveFund(ctx: TenantCtx, input: FundSave): Promise<TFund> {
  const headId = input.financialAccountGroupID ?? (await defaultFundHead(ctx));
  const head = headId ? await findHead(ctx, headId) : undefined;
  if (head && head.accountType !== 'equity') throw badRequest('financialAccountGroupID', 'must be an equity head');
  const fundType = input.fundType === 0 || input.fundType === 1 ? input.fundType : undefined;
  // unique by index on funds and on their equity accounts: a clash is a 400 naming the field
  let fundId = input.id ?? null;
  if (fundId) {
    const [f] = await ctx.tx
      .select()
      .from(funds)
      .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, fundId)));
    if (!f) throw notFound('Fund');
    await ctx.tx
      .update(funds)
      .set({ name: input.name, code: input.code, ...(fundType !== undefined ? { fundType } : {}) })
      .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, fundId)));
    await ctx.tx
      .update(accounts)
      .set({ name: input.name, code: input.code })
      .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.fundId, fundId), eq(accounts.accountType, 'equity')));
  } else {
    const code = input.code || (await nextFundCode(ctx));
    const type = fundType ?? fundTypeOfHead(head?.name);
    const [f] = await ctx.tx
      .insert(funds)
      .values({
        tenantId: ctx.tenantId,
        name: input.name,
        code,
        fundType: type,
        accountGroupId: headId,
      })
      .returning();
    fundId = f!.id;
    await ctx.tx.insert(accounts).values({
      tenantId: ctx.tenantId,
      code,
      name: input.name,
      description: type === 1 ? 'Donor-restricted fund' : 'Unrestricted fund',
      accountType: 'equity',
      accountGroupId: headId,
      fundId,
      currencyCode: await homeCurrency(ctx),
    });
  }
  return (await listFunds(ctx)).find((f) => f.id === fundId)!;
}

/**
 * DELETE /api/Financials/Fund/Delete?id=: removes an unused fund and its account; a fund
 * with postings or accounts answers 409 offering deactivation. 404 for a foreign id.
 */
export async function deleteFund(ctx: TenantCtx, id: string): Promise<string> {
  const [f] = await ctx.tx
    .select()
    .from(funds)
    .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, id)));
  if (!f) throw notFound('Fund');
  const own = await ctx.tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.fundId, id)));
  if (own.some(isProtected)) throw conflict(`${f.name} is used by Steward itself and cannot be deleted`, false);
  const [posted] = await ctx.tx
    .select({ n: accountBalances.lineCount })
    .from(accountBalances)
    .where(and(eq(accountBalances.tenantId, ctx.tenantId), eq(accountBalances.fundId, id)))
    .limit(1);
  const others = own.filter((a) => a.accountType !== 'equity');
  const why = posted
    ? 'it has postings in the books'
    : others.length > 0
      ? 'accounts belong to it'
      : (await fundUsedByItems(ctx, id))
        ? 'an offering item sends a remittance to it'
        : null;
  if (why)
    throw conflict(`${f.name} cannot be deleted because ${why}. Deactivate it instead: it keeps its history.`, true);
  await ctx.tx.delete(accounts).where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.fundId, id)));
  await ctx.tx.delete(funds).where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, id)));
  return `The fund ${f.name} was deleted`;
}

/**
 * GET /api/Financials/Accounts/GetCashBankAccountsBalances (spec 2.8 account selector;
 * existing-client-api §2.6): active cash and bank accounts `[{id, text, balance, currency:
 * {symbol, shortCode}}]`, balances in decimal major units of each account's own currency.
 */
export async function cashBankBalances(ctx: TenantCtx): Promise<TCashBankBalance[]> {
  const rows = await ctx.tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.isCashBank, true), eq(accounts.isActive, true)))
    .orderBy(asc(accounts.code), asc(accounts.name));
  const figures = await accountFigures(ctx, rows);
  return rows.map((a) => {
    const c = findCurrencyByCode(a.currencyCode);
    return {
      id: a.id,
      text: a.code ? `${a.code} - ${a.name}` : a.name,
      balance: minorToJson(figures.get(a.id)!.balance, a.currencyCode),
      currency: { symbol: c?.symbol ?? a.currencyCode, shortCode: a.currencyCode },
    };
  });
}
