import { z } from 'zod';
import {
  ZAccountHeadGroup,
  ZAccountSave,
  ZAccountSaveResponse,
  ZChartOfAccounts,
  ZDeleteAnswer,
  ZFund,
  ZFundSave,
  ZFundSaveResponse,
} from '@steward/contracts/chart';
import { ZErrorEnvelope, ZId, ZStatusAnswer } from '@steward/contracts/common';
import { ZAccountOption } from '@steward/contracts/ledger';
import { ZCashBankBalance } from '@steward/contracts/finance';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import { ok } from '../../lib/envelope.ts';
import * as chart from './chart-service.ts';
import * as funds from './funds-service.ts';
import * as pickers from './service.ts';

const ZIdQuery = z.object({ id: ZId });

/** The chart of accounts and funds (spec 2.10, §7; existing-client-api §2.5, §2.6; issues 3, 7). */
export function registerChart({ app, db }: ModuleCtx): void {
  const tags = ['chart of accounts'];
  const err = { 400: ZErrorEnvelope, 404: ZErrorEnvelope, 409: ZDeleteAnswer };
  const picker = (url: string, summary: string, fn: typeof pickers.assetAccounts) =>
    app.get(url, { schema: { tags, summary, response: { 200: z.array(ZAccountOption) } } }, (req) =>
      inTenant(db, req, fn),
    );

  app.get(
    '/api/Financials/GetChartOfAccounts',
    {
      schema: {
        tags,
        summary:
          'Heads and accounts with balances, in five groups read by index (assets, liabilities, equity, income, expenses)',
        response: { 200: ZChartOfAccounts },
      },
    },
    (req) => inTenant(db, req, chart.chartOfAccounts),
  );
  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/api/Financials/Accounts/Save',
      schema: {
        tags,
        summary: method === 'POST' ? 'Creates an account' : 'Edits an account (also a fund account)',
        body: ZAccountSave,
        response: { 200: ZAccountSaveResponse, ...err },
      },
      handler: async (req) => {
        const { account, created } = await inTenant(db, req, (ctx) =>
          chart.saveAccount(ctx, req.body, method === 'POST' ? 'create' : 'edit'),
        );
        return ok(account, `The account ${account.name} was ${created ? 'created' : 'updated'} successfully`);
      },
    });
  }
  app.delete(
    '/api/Financials/Accounts/Delete',
    {
      schema: {
        tags,
        summary: 'Deletes an unused account; 409 offers deactivation',
        querystring: ZIdQuery,
        response: { 200: ZStatusAnswer, ...err },
      },
    },
    async (req) => ({
      status: true,
      response: await inTenant(db, req, (ctx) => chart.deleteAccount(ctx, req.query.id)),
    }),
  );
  for (const [url, active] of [
    ['/api/Financials/Accounts/Deactivate', false],
    ['/api/Financials/Accounts/Activate', true],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: `${active ? 'Activates' : 'Deactivates'} an account`,
          querystring: ZIdQuery,
          response: { 200: ZStatusAnswer, ...err },
        },
      },
      async (req) => ({
        status: true,
        response: await inTenant(db, req, (ctx) => chart.setAccountActive(ctx, req.query.id, active)),
      }),
    );
  }
  app.get(
    '/api/Financials/Accounts/GetAccountHeads',
    {
      schema: {
        tags,
        summary: "Account heads in the chart's five groups (accountHeadsDTO)",
        response: { 200: z.array(ZAccountHeadGroup) },
      },
    },
    (req) => inTenant(db, req, chart.accountHeads),
  );
  picker('/api/Financials/Accounts/GetAssetAccounts', 'Active asset accounts', pickers.assetAccounts);
  picker('/api/Financials/Accounts/GetExpenseAccounts', 'Active expense accounts', pickers.expenseAccounts);
  picker(
    '/api/Financials/Accounts/GetTransactionalAccounts',
    'Accounts a journal line may use',
    pickers.transactionalAccounts,
  );
  app.get(
    '/api/Financials/Accounts/GetCashBankAccountsBalances',
    { schema: { tags, summary: 'Cash and bank accounts with balances', response: { 200: z.array(ZCashBankBalance) } } },
    (req) => inTenant(db, req, chart.cashBankBalances),
  );
  app.get(
    '/api/Financials/Funds',
    { schema: { tags, summary: 'Funds with balances', response: { 200: z.array(ZFund) } } },
    (req) => inTenant(db, req, funds.listFunds),
  );
  app.post(
    '/api/Financials/Funds/Save',
    {
      schema: {
        tags,
        summary: 'Creates (or, with id, renames) a fund; without a code it gets the next free one (3100, 3200, …)',
        body: ZFundSave,
        response: { 200: ZFundSaveResponse, ...err },
      },
    },
    async (req) => {
      const fund = await inTenant(db, req, (ctx) => funds.saveFund(ctx, req.body));
      return ok(fund, `The fund ${fund.name} was ${req.body.id ? 'updated' : 'created'} successfully`);
    },
  );
  app.delete(
    '/api/Financials/Fund/Delete',
    {
      schema: {
        tags,
        summary: 'Deletes an unused fund; 409 offers deactivation',
        querystring: ZIdQuery,
        response: { 200: ZStatusAnswer, ...err },
      },
    },
    async (req) => ({ status: true, response: await inTenant(db, req, (ctx) => funds.deleteFund(ctx, req.query.id)) }),
  );
}
