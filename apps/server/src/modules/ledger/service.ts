import type { TAccountOption } from '@steward/contracts/ledger';
import type { TAccountType } from '@steward/contracts/ledger';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest } from '../../lib/errors.ts';
import { DEFAULT_CHART } from './default-chart.ts';
import * as q from './queries.ts';

/**
 * Creates the default chart of accounts and the 'Unrestricted Funds' fund for a new
 * tenant (issue 2, step 1). Accounts are in `currency` (ISO 4217).
 */
export async function createDefaultChart(ctx: TenantCtx, currency: string): Promise<void> {
  const { tx, tenantId } = ctx;
  let fundId: string | null = null;
  let order = 0;
  for (const head of DEFAULT_CHART) {
    const group = await q.insertGroup(tx, {
      tenantId,
      name: head.name,
      groupSubHead: head.groupSubHead,
      accountType: head.accountType,
      sortOrder: order++,
      isCashBank: head.isCashBank ?? false,
    });
    if (head.accountType === 'equity' && !fundId) {
      const fund = await q.insertFund(tx, {
        tenantId,
        name: 'Unrestricted Funds',
        code: '3000',
        fundType: 0,
        accountGroupId: group.id,
      });
      fundId = fund.id;
    }
    for (const a of head.accounts) {
      await q.insertAccount(tx, {
        tenantId,
        code: a.code,
        name: a.name,
        description: a.description,
        accountType: head.accountType,
        accountGroupId: group.id,
        fundId: a.inUnrestrictedFund ? fundId : null,
        currencyCode: currency,
        isCashBank: a.isCashBank ?? false,
        systemKey: a.systemKey ?? null,
      });
    }
  }
}

const toOption = (a: q.AccountRow): TAccountOption => ({
  id: a.id,
  text: a.code ? `${a.code} - ${a.name}` : a.name,
  accountType: a.accountType as TAccountType,
  financialFundID: a.fundId,
  currency: a.currencyCode,
});

/**
 * GET /api/Financials/Accounts/GetIncomeAccounts (spec §7; existing-client-api §2.2, §2.6):
 * active income accounts `[{id, text, accountType, financialFundID, currency}]`.
 */
export async function incomeAccounts(ctx: TenantCtx): Promise<TAccountOption[]> {
  return (await q.listAccounts(ctx.tx, ctx.tenantId, { types: ['income'] })).map(toOption);
}

/**
 * GET /api/Financials/Accounts/GetCashBankAccounts (any casing; spec §7, existing-client-api
 * §2.2, §2.6): active cash and bank accounts `[{id, text, accountType, financialFundID, currency}]`.
 */
export async function cashBankAccounts(ctx: TenantCtx): Promise<TAccountOption[]> {
  return (await q.listAccounts(ctx.tx, ctx.tenantId, { cashBankOnly: true })).map(toOption);
}

/**
 * GET /api/Financials/Accounts/GetRemittanceAccounts (spec §7; existing-client-api §2.3): the
 * accounts a remittance share may go to, one flat list `[{id, text, accountType,
 * financialFundID, currency}]`: the active cash/bank accounts (accountType 'assets') first, then
 * the active income accounts; the client groups them by accountType itself.
 */
export async function remittanceAccounts(ctx: TenantCtx): Promise<TAccountOption[]> {
  const assets = await q.listAccounts(ctx.tx, ctx.tenantId, { cashBankOnly: true });
  const income = await q.listAccounts(ctx.tx, ctx.tenantId, { types: ['income'] });
  return [...assets, ...income].map(toOption);
}

/**
 * Loads active accounts by id and checks each is of an expected kind; throws 400 naming
 * `field` when one is unknown, foreign, inactive or of the wrong kind.
 */
export async function requireAccount(
  ctx: TenantCtx,
  id: string,
  field: string,
  kind: 'income' | 'cashBank' | 'any',
): Promise<q.AccountRow> {
  const [account] = await q.getAccounts(ctx.tx, ctx.tenantId, [id]);
  if (!account || !account.isActive) throw badRequest(field, 'is not an account of this church');
  if (kind === 'income' && account.accountType !== 'income') throw badRequest(field, 'must be an income account');
  if (kind === 'cashBank' && !account.isCashBank) throw badRequest(field, 'must be a cash or bank account');
  return account;
}

/** The tenant's 'Unrestricted Funds' fund id (created with the default chart). */
export async function unrestrictedFundId(ctx: TenantCtx): Promise<string> {
  const account = await q.getAccountBySystemKey(ctx.tx, ctx.tenantId, 'unrestricted_fund');
  if (!account?.fundId) throw new Error('tenant has no Unrestricted Funds fund');
  return account.fundId;
}

/** GET /api/Financials/Accounts/GetAssetAccounts (spec §7): active asset accounts. */
export async function assetAccounts(ctx: TenantCtx): Promise<TAccountOption[]> {
  return (await q.listAccounts(ctx.tx, ctx.tenantId, { types: ['assets'] })).map(toOption);
}

/** GET /api/Financials/Accounts/GetExpenseAccounts (spec 2.8; existing-client-api §2.6): active expense accounts. */
export async function expenseAccounts(ctx: TenantCtx): Promise<TAccountOption[]> {
  return (await q.listAccounts(ctx.tx, ctx.tenantId, { types: ['expense'] })).map(toOption);
}

/**
 * GET /api/Financials/Accounts/GetTransactionalAccounts (spec 2.8 journal lines;
 * existing-client-api §2.6 `[{id, text, accountType}]`, grouped by the client by accountType):
 * every active account but the Currency Exchange clearing account.
 */
export async function transactionalAccounts(ctx: TenantCtx): Promise<TAccountOption[]> {
  return (await q.listAccounts(ctx.tx, ctx.tenantId, {})).filter((a) => a.systemKey !== 'fx_clearing').map(toOption);
}
