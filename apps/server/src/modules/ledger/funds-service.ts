import { and, asc, eq, sql } from 'drizzle-orm';
import type { TFund } from '@steward/contracts/chart';
import type { z } from 'zod';
import type { ZFundSave } from '@steward/contracts/chart';
import type { TenantCtx } from '../../lib/context.ts';
import { queryRows } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { pgErrorInfo } from '../../lib/pg-errors.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { contributionItemRemittances } from '../offerings/schema.ts';
import { accountBalances, accounts, funds } from './schema.ts';
import { findHead, isProtected } from './chart-service.ts';
import { fundSumsSql, sumsIn, sumsOf, type CurrencySum } from './account-figures.ts';

type FundSave = z.output<typeof ZFundSave>;

/** The names of the two equity heads the existing client maps to a fund type (existing-client-api §7b 16). */
export const FUND_HEADS = ['Unrestricted Funds', 'Donor Restricted Funds'] as const;

/**
 * A fund type from an equity head's name, the existing client's rule (existing-client-api §7b
 * 16): 'Donor Restricted Funds' → 1, anything else ('Unrestricted Funds', older 'Funds') → 0.
 */
export const fundTypeOfHead = (headName: string | undefined): 0 | 1 =>
  /restricted/i.test(headName ?? '') && !/unrestricted/i.test(headName ?? '') ? 1 : 0;

/** Codes of the equity range Steward keeps for its own accounts (Unrestricted Funds, Currency Exchange). */
const RESERVED_FUND_CODES = new Set(['3000', '3900']);

/** The equity range in the order new funds take codes: 3100 … 3800, then 3010 … 3990, then any 3001-3999. */
const FUND_CODE_CANDIDATES = [
  ...Array.from({ length: 9 }, (_, i) => 3000 + (i + 1) * 100),
  ...Array.from({ length: 99 }, (_, i) => 3000 + (i + 1) * 10),
  ...Array.from({ length: 999 }, (_, i) => 3001 + i),
]
  .map(String)
  .filter((c, i, all) => !RESERVED_FUND_CODES.has(c) && all.indexOf(c) === i);

/** How many codes a fund creation tries when others are taken between its read and its insert. */
const FUND_CODE_ATTEMPTS = 20;

/** Codes of the equity range an account or a fund of the church already has (a hint: the unique indexes decide). */
async function usedEquityCodes(ctx: TenantCtx): Promise<Set<string>> {
  const rows = await queryRows<{ code: string }>(
    ctx.tx,
    sql`select code from accounts where tenant_id = ${ctx.tenantId} and code like '3%'
        union select code from funds where tenant_id = ${ctx.tenantId} and code like '3%'`,
  );
  return new Set(rows.map((r) => r.code));
}

const isCodeClash = (e: unknown): boolean => {
  const info = pgErrorInfo(e);
  return info?.code === '23505' && (info.constraint === 'funds_code_key' || info.constraint === 'accounts_code_key');
};

/**
 * Creates a fund and, unless `withAccount` is false, its equity account (in `headId`, home
 * currency), as one unit. With a `code` the fund and its account take it (a clash is the
 * unique index's 400 naming `code`). Without one the fund gets the next free code of the
 * equity range (3100, 3200, … see FUND_CODE_CANDIDATES; issue 7 'new funds get no code'):
 * uniqueness per church is the unique indexes funds_code_key and accounts_code_key, so a code
 * taken by a simultaneous request rolls back to a savepoint and the next code is tried. Throws
 * 409 when no code of the range is free. Answers the fund's id and code.
 */
export async function createFund(
  ctx: TenantCtx,
  input: { name: string; code?: string | undefined; fundType: 0 | 1; headId: string | null; withAccount: boolean },
): Promise<{ id: string; code: string }> {
  const insert = async (tx: TenantCtx['tx'], code: string) => {
    const [f] = await tx
      .insert(funds)
      .values({
        tenantId: ctx.tenantId,
        name: input.name,
        code,
        fundType: input.fundType,
        accountGroupId: input.headId,
      })
      .returning({ id: funds.id });
    if (input.withAccount) {
      await tx.insert(accounts).values({
        tenantId: ctx.tenantId,
        code,
        name: input.name,
        description: input.fundType === 1 ? 'Donor-restricted fund' : 'Unrestricted fund',
        accountType: 'equity',
        accountGroupId: input.headId,
        fundId: f!.id,
        currencyCode: await homeCurrency(ctx),
      });
    }
    return { id: f!.id, code };
  };
  if (input.code) return insert(ctx.tx, input.code);
  const used = await usedEquityCodes(ctx);
  const free = FUND_CODE_CANDIDATES.filter((c) => !used.has(c));
  for (const code of free.slice(0, FUND_CODE_ATTEMPTS)) {
    try {
      return await ctx.tx.transaction((sp) => insert(sp, code));
    } catch (e) {
      if (!isCodeClash(e)) throw e;
    }
  }
  throw conflict('No fund code of the equity range (3001-3999) is free: give the fund a code', false);
}

/**
 * The equity head a new fund of `fundType` goes in (issue 7): the head named after its type
 * ('Unrestricted Funds' or 'Donor Restricted Funds', the names the existing client reads a fund's
 * type from) when none is given, or when the given one is the head named after the other type;
 * else the given head, or the head of the Unrestricted Funds account. Throws 400 naming
 * financialAccountGroupID for a head that is not the church's or not an equity head.
 */
export async function fundHead(
  ctx: TenantCtx,
  fundType: 0 | 1,
  givenId: string | null | undefined,
): Promise<Awaited<ReturnType<typeof findHead>> | undefined> {
  const given = givenId ? await findHead(ctx, givenId) : undefined;
  if (given && given.accountType !== 'equity') throw badRequest('financialAccountGroupID', 'must be an equity head');
  const named = (given?.name ?? '') as (typeof FUND_HEADS)[number];
  if (given && (!FUND_HEADS.includes(named) || fundTypeOfHead(named) === fundType)) return given;
  const rows = await queryRows<{ id: string }>(
    ctx.tx,
    sql`select id from (
          select g.id, 0 as rank from account_groups g
          where g.tenant_id = ${ctx.tenantId} and g.account_type = 'equity' and g.name = ${FUND_HEADS[fundType]}
          union all
          select a.account_group_id, 1 from accounts a
          where a.tenant_id = ${ctx.tenantId} and a.system_key = 'unrestricted_fund' and a.account_group_id is not null
        ) h order by rank limit 1`,
  );
  if (given && rows[0]?.id === undefined) return given;
  return rows[0] ? findHead(ctx, rows[0].id) : given;
}

interface FundRow {
  id: string;
  name: string;
  code: string;
  fundType: number;
  headId: string | null;
  isActive: boolean;
  accountId: string | null;
  home: string;
  /** the fund's credit-signed sum in the home currency (minor units), and sums in others */
  own: string | null;
  foreign: CurrencySum[] | null;
}

/**
 * The funds of the church (or the one `onlyId`) with their equity account and their balance
 * sums, in one statement: the balance of a fund is what the income, expense and fund lines of
 * the fund add up to (Currency Exchange excluded), summed by PostgreSQL from account_balances.
 */
function fundRows(ctx: TenantCtx, onlyId?: string): Promise<FundRow[]> {
  const t = ctx.tenantId;
  const only = (column: string) => (onlyId ? sql`and ${sql.raw(column)} = ${onlyId}::uuid` : sql``);
  return queryRows<FundRow>(
    ctx.tx,
    sql`select f.id, f.name, f.code, f.fund_type as "fundType", f.account_group_id as "headId",
               f.is_active as "isActive", t.currency_code as home, fb.own, fb.foreign,
               (select a.id from accounts a
                 where a.tenant_id = f.tenant_id and a.fund_id = f.id and a.account_type = 'equity'
                 order by a.code, a.id limit 1) as "accountId"
        from funds f
        join tenants t on t.id = f.tenant_id
        left join ${fundSumsSql(t, onlyId)} fb on fb.fund_id = f.id
        where f.tenant_id = ${t} ${only('f.id')}
        order by f.name, f.id`,
  );
}

async function listFundRows(ctx: TenantCtx, onlyId?: string): Promise<TFund[]> {
  const rows = await fundRows(ctx, onlyId);
  if (rows.length === 0) return [];
  const home = rows[0]!.home;
  // net assets: minus the credit-signed sum of the fund's lines, in the home currency
  const totals = await sumsIn(
    ctx,
    rows.map((f) => ({ key: f.id, currency: home, sums: sumsOf(f.own, home, f.foreign) })),
  );
  return rows.map((f) => ({
    id: f.id,
    name: f.name,
    code: f.code,
    fundType: f.fundType,
    financialAccountGroupID: f.headId,
    accountID: f.accountId,
    balance: minorToJson(-(totals.get(f.id) ?? 0n), home),
    isActive: f.isActive,
  }));
}

/**
 * GET /api/Financials/Funds (spec §7; existing-client-api §2.5 `[{id, name}]`): every fund
 * `{id, name, code, fundType, financialAccountGroupID, accountID, balance, isActive}`, balance
 * in decimal major units of the church's currency. One SQL statement (rates only when a fund
 * holds another currency).
 */
export function listFunds(ctx: TenantCtx): Promise<TFund[]> {
  return listFundRows(ctx);
}

/**
 * POST /api/Financials/Funds/Save (spec 2.10 'Add Fund'; existing-client-api §2.5): a fund and
 * its equity account in the given head (default: the head named after its type, 'Unrestricted
 * Funds' or 'Donor Restricted Funds'); with `id`, renames it. Without a code a new fund gets the
 * next free one of the range (3100, 3200, …; see createFund); a fundType of -1 (not chosen)
 * keeps an edited fund's type and takes a new one's from its head's name ('Donor Restricted
 * Funds' → 1, else 0). Throws 400 naming the field, 404 for a foreign id.
 */
export async function saveFund(ctx: TenantCtx, input: FundSave): Promise<TFund> {
  const chosenType = input.fundType === 0 || input.fundType === 1 ? input.fundType : undefined;
  const given = input.financialAccountGroupID ? await findHead(ctx, input.financialAccountGroupID) : undefined;
  if (given && given.accountType !== 'equity') throw badRequest('financialAccountGroupID', 'must be an equity head');
  // unique by index on funds and on their equity accounts: a clash is a 400 naming the field
  let fundId = input.id ?? null;
  if (fundId) {
    const [f] = await ctx.tx
      .select({ id: funds.id })
      .from(funds)
      .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, fundId)));
    if (!f) throw notFound('Fund');
    await ctx.tx
      .update(funds)
      .set({ name: input.name, code: input.code, ...(chosenType !== undefined ? { fundType: chosenType } : {}) })
      .where(and(eq(funds.tenantId, ctx.tenantId), eq(funds.id, fundId)));
    await ctx.tx
      .update(accounts)
      .set({ name: input.name, code: input.code })
      .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.fundId, fundId), eq(accounts.accountType, 'equity')));
  } else {
    const fundType = chosenType ?? fundTypeOfHead(given?.name);
    const head = await fundHead(ctx, fundType, given?.id);
    fundId = (
      await createFund(ctx, {
        name: input.name,
        code: input.code,
        fundType,
        headId: head?.id ?? null,
        withAccount: true,
      })
    ).id;
  }
  return (await listFundRows(ctx, fundId))[0]!;
}

/** True when an offering item's remittance names the fund (its money would be sent there). */
export async function fundUsedByItems(ctx: TenantCtx, fundId: string): Promise<boolean> {
  const [rem] = await ctx.tx
    .select({ id: contributionItemRemittances.id })
    .from(contributionItemRemittances)
    .where(and(eq(contributionItemRemittances.tenantId, ctx.tenantId), eq(contributionItemRemittances.fundId, fundId)))
    .limit(1);
  return rem !== undefined;
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
    .where(and(eq(accounts.tenantId, ctx.tenantId), eq(accounts.fundId, id)))
    .orderBy(asc(accounts.code));
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
