import { expect } from 'vitest';
import { accountBalance, type Harness } from './helpers.ts';
import { DOCS, church, getChart, incomeBody, named } from './ledger-support.ts';

/** A finance-page row as GET /api/Financials/Accounts/v2/Transactions answers it. */
export interface Rec {
  id: string;
  date: string;
  narration: string;
  amount: number;
  category: string;
  transactionNumber: string;
  approved: boolean;
  memo: string;
  accountID: string | null;
  accountName: string;
  currency: { shortCode: string };
}

/**
 * A church with its default accounts by name (`id('Bank')`), two members, the raw balance
 * of an account in minor units (debits positive) and the documents list.
 */
export async function financeChurch(h: Harness) {
  const c = await church(h.app);
  const chart = await getChart(c.api);
  const id = (n: string) => named(chart, n).id;
  const member = async (firstName: string, lastName: string) => {
    const res = await c.api.post('/api/People/CreateMember', { firstName, lastName });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { returnObject: { id: string } }).returnObject.id;
  };
  const ngozi = await member('Ngozi', 'Adeyemi');
  const tunde = await member('Tunde', 'Bello');
  const raw = (n: string) => accountBalance(h.database, c.tenantId, id(n));
  const list = async (query = '') => {
    const res = await c.api.get(`${DOCS}?page=1${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { records: Rec[]; totalItems: number };
  };
  return { ...c, chart, id, ngozi, tunde, raw, list };
}
export type FinanceChurch = Awaited<ReturnType<typeof financeChurch>>;

/** 3,000.00 into Bank: Offering 1,500.00 (Ngozi), Tithe 1,000.50 (Tunde), Thanksgiving 499.50 (Ngozi). */
export const threeLines = (c: FinanceChurch, extra = {}) =>
  incomeBody(
    c.id('Bank'),
    '3,000.00',
    [
      { accountID: c.id('Offering'), amount: '1500', contactID: c.ngozi },
      { accountID: c.id('Tithe'), amount: 1000.5, contactID: c.tunde },
      { accountID: c.id('Thanksgiving'), amount: '499.50', contactID: c.ngozi },
    ],
    { memo: 'Harvest Sunday', ...extra },
  );
