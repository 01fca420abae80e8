import { ZEnvelope, ZStatusAnswer } from '@steward/contracts/common';
import {
  ZApproveRequest,
  ZCashBankBalance,
  ZEditableTransaction,
  ZJournalSave,
  ZTransactionPage,
  ZTransactionSaveResponse,
  type TExpenseSave,
  type TIncomeSave,
} from '@steward/contracts/finance';
import { ZAccountOption } from '@steward/contracts/ledger';
import { z } from 'zod';
import { buildUrl, request } from './http.ts';
import { accountKeys } from './query-keys.ts';

export type TJournalSave = z.input<typeof ZJournalSave>;
export type TApproveRequest = z.input<typeof ZApproveRequest>;

/**
 * The filters of GET /api/Financials/Accounts/v2/Transactions and of the export (spec 2.8).
 * `from`/`to` are 'YYYY-MM-DD'; `category` is 'inflow', 'outflow' or 'Journal'.
 */
export interface TransactionFilter {
  accountId?: string;
  search?: string;
  category?: string;
  description?: string;
  from?: string;
  to?: string;
}

export interface TransactionQuery extends TransactionFilter {
  page: number;
  pageSize: number;
}

/**
 * Finance keys. The account pickers and balances sit under `accountKeys.all` (with the chart), so
 * invalidating that prefix after a save reloads every balance; the transaction lists under `all`.
 */
export const financeKeys = {
  all: ['finance-transactions'] as const,
  list: (q: TransactionQuery) => [...financeKeys.all, 'list', q] as const,
  byNumber: (transactionNumber: string) => [...financeKeys.all, 'by-number', transactionNumber] as const,
  balances: () => [...accountKeys.all, 'cash-bank-balances'] as const,
  expense: () => [...accountKeys.all, 'expense'] as const,
  transactional: () => [...accountKeys.all, 'transactional'] as const,
};

/** GET /api/Financials/Accounts/GetCashBankAccountsBalances: the account selector with balances. */
export function getCashBankBalances() {
  return request('/api/Financials/Accounts/GetCashBankAccountsBalances', z.array(ZCashBankBalance));
}

/** GET /api/Financials/Accounts/GetExpenseAccounts (expense split lines). */
export function getExpenseAccounts() {
  return request('/api/Financials/Accounts/GetExpenseAccounts', z.array(ZAccountOption));
}

/** GET /api/Financials/Accounts/GetTransactionalAccounts (general-ledger lines). */
export function getTransactionalAccounts() {
  return request('/api/Financials/Accounts/GetTransactionalAccounts', z.array(ZAccountOption));
}

/** GET /api/Financials/Accounts/v2/Transactions?page=&pageSize=&accountId=&search=&category=&description=&from=&to= */
export function getTransactions(q: TransactionQuery, signal?: AbortSignal) {
  return request('/api/Financials/Accounts/v2/Transactions', ZTransactionPage, {
    query: { ...q },
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/Financials/Accounts/GetEditFinancialTransaction?transactionNumber= (the edit panel's load). */
export function getTransactionByNumber(transactionNumber: string) {
  return request('/api/Financials/Accounts/GetEditFinancialTransaction', ZEditableTransaction, {
    query: { transactionNumber },
  });
}

/** POST /api/Financials/Accounts/Transactions/Income/Save (`id` set = edit), one Idempotency-Key per submission. */
export function saveIncome(body: TIncomeSave, idempotencyKey: string) {
  return request('/api/Financials/Accounts/Transactions/Income/Save', ZTransactionSaveResponse, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/Financials/Accounts/Transactions/Expense/Save (`id` set = edit). */
export function saveExpense(body: TExpenseSave, idempotencyKey: string) {
  return request('/api/Financials/Accounts/Transactions/Expense/Save', ZTransactionSaveResponse, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** POST /api/Financials/Accounts/Transactions/SaveGeneralLedger: a bare array of lines; `?id=` edits that journal. */
export function saveJournal(lines: TJournalSave, id: string | undefined, idempotencyKey: string) {
  return request('/api/Financials/Accounts/Transactions/SaveGeneralLedger', ZTransactionSaveResponse, {
    method: 'POST',
    body: lines,
    query: { id },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** DELETE /api/Financials/Accounts/Transactions/Delete?id= → {status, response}. */
export function deleteTransaction(id: string) {
  return request('/api/Financials/Accounts/Transactions/Delete', ZStatusAnswer, { method: 'DELETE', query: { id } });
}

/** POST api/Financials/accounts/Transactions/ApproveTransactionToggle {id, approved, memo} → envelope. */
export function approveTransaction(body: TApproveRequest) {
  return request('/api/Financials/accounts/Transactions/ApproveTransactionToggle', ZEnvelope(z.unknown()), {
    method: 'POST',
    body,
  });
}

export const EXPORT_FORMATS = ['xlsx', 'csv', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The download address of GET /api/Financials/Transactions/Export?format= with the list's
 * filters: a plain same-origin GET (cookie session) answered with an attachment.
 */
export function transactionsExportUrl(format: ExportFormat, filter: TransactionFilter): string {
  return buildUrl('/api/Financials/Transactions/Export', { format, ...filter });
}
