import { ZAccountOption } from '@steward/contracts/ledger';
import { z } from 'zod';
import { request } from './http.ts';

/** GET /api/Financials/Accounts/GetIncomeAccounts; an empty list prompts the chart-of-accounts dialog. */
export function getIncomeAccounts() {
  return request('/api/Financials/Accounts/GetIncomeAccounts', z.array(ZAccountOption));
}

/** GET /api/financials/accounts/getcashbankaccounts */
export function getCashBankAccounts() {
  return request('/api/financials/accounts/getcashbankaccounts', z.array(ZAccountOption));
}

/** GET /api/Financials/Accounts/GetRemittanceAccounts: one flat list (cash/bank 'assets' first, then income). */
export function getRemittanceAccounts() {
  return request('/api/Financials/Accounts/GetRemittanceAccounts', z.array(ZAccountOption));
}
