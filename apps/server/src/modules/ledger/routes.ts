import { z } from 'zod';
import { ZAccountOption } from '@steward/contracts/ledger';
import type { ModuleCtx } from '../../lib/module.ts';
import { inTenant } from '../../lib/context.ts';
import * as service from './service.ts';

/** Account pickers (spec §7; existing-client-api §2.2, §2.3, §2.6): bare, flat lists. */
export function registerLedger({ app, db }: ModuleCtx): void {
  const tags = ['ledger'];
  app.get(
    '/api/Financials/Accounts/GetIncomeAccounts',
    { schema: { tags, summary: 'Income accounts for pickers', response: { 200: z.array(ZAccountOption) } } },
    (req) => inTenant(db, req, service.incomeAccounts),
  );
  app.get(
    '/api/financials/accounts/getcashbankaccounts',
    { schema: { tags, summary: 'Cash and bank accounts for pickers', response: { 200: z.array(ZAccountOption) } } },
    (req) => inTenant(db, req, service.cashBankAccounts),
  );
  app.get(
    '/api/Financials/Accounts/GetRemittanceAccounts',
    {
      schema: {
        tags,
        summary: 'Remittance destinations: cash/bank (accountType assets) and income accounts, one flat list',
        response: { 200: z.array(ZAccountOption) },
      },
    },
    (req) => inTenant(db, req, service.remittanceAccounts),
  );
}
