import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import { client, countRows, signupChurch, type Client } from './helpers.ts';

/**
 * Shared pieces of the chart, finance-document, model and concurrency tests: they read
 * only what a client reads (the chart, the pickers) or count rows as the migration role.
 */

export interface ChartAccount {
  id: string;
  name: string;
  code: string;
  accountType: string;
  description: string;
  financialAccountGroupID: string | null;
  financialFundID: string | null;
  currencyID: number;
  balance: number;
  currency: { shortCode: string; symbol: string };
  isActive: boolean;
  isCashBank: boolean;
  hasPostings: boolean;
  fundType: number | null;
}

export interface ChartHead {
  id: string;
  name: string;
  groupSubHead: string;
  accountType: string;
  isCashBank: boolean;
  accounts: ChartAccount[];
}

/** One of the chart's five groups, read by index (0 assets … 4 expenses). */
export interface ChartGroup {
  key: number;
  accountType: string;
  accounts: ChartAccount[];
  accountHeadsDTO: ChartHead[];
}

export interface Chart {
  accountwithHeads: ChartGroup[];
  accountwithoutheads: ChartAccount[];
}

export const CHART = '/api/Financials/GetChartOfAccounts';
export const ACCOUNT_SAVE = '/api/Financials/Accounts/Save';
export const HEADS = '/api/Financials/Accounts/GetAccountHeads';
export const FUNDS = '/api/Financials/Funds';
export const FUND_SAVE = '/api/Financials/Funds/Save';
export const INCOME = '/api/Financials/Accounts/Transactions/Income/Save';
export const EXPENSE = '/api/Financials/Accounts/Transactions/Expense/Save';
export const JOURNAL = '/api/Financials/Accounts/Transactions/SaveGeneralLedger';
export const DOCS = '/api/Financials/Accounts/v2/Transactions';
export const DOC_DELETE = '/api/Financials/Accounts/Transactions/Delete';
export const DOC_APPROVE = '/api/Financials/accounts/Transactions/ApproveTransactionToggle';
export const DOC_EDITABLE = '/api/Financials/Accounts/GetEditFinancialTransaction';
export const CASH_BANK_BALANCES = '/api/Financials/Accounts/GetCashBankAccountsBalances';

export async function getChart(api: Client): Promise<Chart> {
  const res = await api.get(CHART);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Chart;
}

/** Every account of the chart, headed or not. */
export function flatAccounts(chart: Chart): ChartAccount[] {
  return [
    ...chart.accountwithHeads.flatMap((g) => g.accountHeadsDTO).flatMap((h) => h.accounts),
    ...chart.accountwithoutheads,
  ];
}

/** The one account of that name, failing when there is none or several. */
export function named(chart: Chart, name: string): ChartAccount {
  const found = flatAccounts(chart).filter((a) => a.name === name);
  if (found.length !== 1) throw new Error(`expected one account named ${name}, found ${found.length}`);
  return found[0]!;
}

/** Balances by account name (natural sign, major units as the chart answers them). */
export function balancesByName(chart: Chart): Record<string, number> {
  return Object.fromEntries(flatAccounts(chart).map((a) => [a.name, a.balance]));
}

export interface HeadOption {
  id: string;
  name: string;
  groupSubHead: string;
  accountType: string;
  isCashBank: boolean;
}

export async function headNamed(api: Client, name: string): Promise<HeadOption> {
  const res = await api.get(HEADS);
  expect(res.statusCode).toBe(200);
  const groups = res.json() as { accountHeadsDTO: HeadOption[] }[];
  const head = groups.flatMap((g) => g.accountHeadsDTO).find((h) => h.name === name);
  if (!head) throw new Error(`no head named ${name}`);
  return head;
}

/** Creates an account through POST Accounts/Save and answers it. */
export async function createAccount(api: Client, body: Record<string, unknown>): Promise<ChartAccount> {
  const res = await api.post(ACCOUNT_SAVE, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: ChartAccount }).returnObject;
}

export interface Fund {
  id: string;
  name: string;
  code: string;
  fundType: number;
  financialAccountGroupID: string | null;
  accountID: string | null;
  balance: number;
  isActive: boolean;
}

export async function createFund(api: Client, name: string, fundType: 0 | 1): Promise<Fund> {
  const res = await api.post(FUND_SAVE, { name, fundType });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: Fund }).returnObject;
}

export type Line = { accountID: string; amount: string | number; contactID?: string; fundID?: string };

export const incomeBody = (debitAccountID: string, amount: string | number, lines: Line[], extra = {}) => ({
  amount,
  date: '2026-11-02',
  memo: '',
  category: 'inflow',
  debitAccountID,
  creditSplitAccounts: lines,
  ...extra,
});

export const expenseBody = (creditAccountID: string, amount: string | number, lines: Line[], extra = {}) => ({
  amount,
  date: '2026-11-02',
  memo: '',
  category: 'outflow',
  creditAccountID,
  debitSplitAccounts: lines,
  ...extra,
});

/** A two-line journal: debit `debit`, credit `credit`, both `amount`. */
export const journalBody = (debit: string, credit: string, amount: string | number, extra = {}) => [
  { category: 'inflow', amount, debitAccountID: debit, memo: '', date: '2026-11-02', ...extra },
  { category: 'outflow', amount, creditAccountID: credit, memo: '', date: '2026-11-02', ...extra },
];

/** Posts a document and answers its id, asserting 200. */
export async function saved(api: Client, url: string, body: unknown, headers?: Record<string, string>) {
  const res = await api.post(url, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string; transactionNumber: string } }).returnObject;
}

/** Counts of every table a finance request may write, to prove a refused request wrote nothing. */
export async function writeCounts(database: Database, tenantId: string) {
  const out: Record<string, number> = {};
  for (const t of [
    'financial_transactions',
    'financial_transaction_lines',
    'journal_entries',
    'journal_lines',
    'accounts',
    'funds',
    'account_groups',
  ])
    out[t] = await countRows(database, t, tenantId);
  return out;
}

/** The balance table against a fresh sum over the lines: both as sorted text rows. */
export async function balanceTableVsLines(database: Database, tenantId: string) {
  const table = await queryRows<{ k: string }>(
    database.db,
    sql`select account_id::text || '|' || fund_id::text || '|' || currency_code || '|' || balance_minor::text || '|' || line_count::text as k
        from account_balances where tenant_id = ${tenantId} order by 1`,
  );
  const lines = await queryRows<{ k: string }>(
    database.db,
    sql`select account_id::text || '|' || fund_id::text || '|' || currency_code || '|' || sum(amount_minor)::text || '|' || count(*)::text as k
        from journal_lines where tenant_id = ${tenantId} group by account_id, fund_id, currency_code order by 1`,
  );
  return { table: table.map((r) => r.k), lines: lines.map((r) => r.k) };
}

/** Entries (with their lines) that do not sum to zero per currency and fund: must be none. */
export async function unbalancedEntries(database: Database, tenantId: string) {
  return queryRows<{ entry_id: string }>(
    database.db,
    sql`select entry_id from journal_lines where tenant_id = ${tenantId}
        group by entry_id, fund_id, currency_code having sum(amount_minor) <> 0`,
  );
}

/** A signed-up church with its API client. */
export async function church(app: BuiltApp) {
  const c = await signupChurch(app);
  return { ...c, api: client(app, c.token) };
}
