import { ZDocumentLines, ZRegisterPage } from '@steward/contracts/register';
import { financeKeys } from './finance.ts';
import { request } from './http.ts';

/**
 * Register keys sit under the finance keys, so the reload after any save, delete or approval
 * (`financeKeys.all`) reloads the register and the journal lines too.
 */
export const registerKeys = {
  all: [...financeKeys.all, 'register'] as const,
  account: (accountId: string, pageSize: number) => [...registerKeys.all, 'account', accountId, pageSize] as const,
  lines: (ids: readonly string[]) => [...registerKeys.all, 'lines', ids] as const,
};

/**
 * GET /api/Financials/Accounts/Transactions/Account?id=&page=&pageSize= (existing client §2.6):
 * one account's postings, newest first, each with its source and running balance.
 */
export function getAccountRegister(q: { id: string; page: number; pageSize: number }, signal?: AbortSignal) {
  return request('/api/Financials/Accounts/Transactions/Account', ZRegisterPage, {
    query: { ...q },
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/Financials/Transactions/Lines?ids=a,b: each document's lines with their sides (at most 100 ids). */
export function getDocumentLines(ids: readonly string[], signal?: AbortSignal) {
  return request('/api/Financials/Transactions/Lines', ZDocumentLines, {
    query: { ids: ids.join(',') },
    ...(signal ? { signal } : {}),
  });
}
