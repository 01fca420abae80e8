import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers.ts';
import { DOCS, EXPENSE, INCOME, JOURNAL, expenseBody, incomeBody, journalBody, saved } from './ledger-support.ts';
import { financeChurch, type FinanceChurch } from './finance-support.ts';

/** The Transaction page's list: filters, paging and export (spec 2.8, §7, §9). */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const setup = () => financeChurch(h);

describe('list filters and export', () => {
  /** Four documents on four dates: income into Cash, expense from Bank, a journal Bank -> Cash, income into Bank. */
  async function fourDocs(c: FinanceChurch) {
    const a = await saved(
      c.api,
      INCOME,
      incomeBody(c.id('Cash'), 100, [{ accountID: c.id('Offering'), amount: 100 }], {
        date: '2026-10-01',
        memo: 'Vigil offering',
      }),
    );
    const b = await saved(
      c.api,
      EXPENSE,
      expenseBody(c.id('Bank'), 30, [{ accountID: c.id('Bank Charges'), amount: 30 }], {
        date: '2026-10-05',
        memo: 'SMS charges, October',
      }),
    );
    const j = await saved(c.api, JOURNAL, journalBody(c.id('Cash'), c.id('Bank'), 20, { date: '2026-10-09' }));
    const d = await saved(
      c.api,
      INCOME,
      incomeBody(c.id('Bank'), 55.5, [{ accountID: c.id('Tithe'), amount: 55.5 }], { date: '2026-10-12' }),
    );
    return { a, b, j, d };
  }

  it('filters by account (journals touching it included), category, search and dates, and pages', async () => {
    const c = await setup();
    const { a, b, j, d } = await fourDocs(c);
    const ids = async (q: string) => (await c.list(q)).records.map((r) => r.id);
    expect(await ids('')).toEqual([d.id, j.id, b.id, a.id]);
    expect(await ids(`&accountId=${c.id('Cash')}`)).toEqual([j.id, a.id]);
    expect(await ids(`&accountId=${c.id('Bank')}`)).toEqual([d.id, j.id, b.id]);
    expect(await ids(`&accountId=${c.id('Bank Charges')}`)).toEqual([b.id]);
    expect(await ids('&category=inflow')).toEqual([d.id, a.id]);
    expect(await ids('&category=outflow')).toEqual([b.id]);
    expect(await ids('&category=Journal')).toEqual([j.id]);
    expect(await ids('&search=vigil')).toEqual([a.id]);
    expect(await ids(`&search=${d.transactionNumber}`)).toEqual([d.id]);
    expect(await ids('&description=charges')).toEqual([b.id]);
    expect(await ids('&from=2026-10-05&to=2026-10-09')).toEqual([j.id, b.id]);
    const paged = await c.api.get(`${DOCS}?page=2&pageSize=3`);
    expect(paged.statusCode, paged.body).toBe(200);
    expect(paged.json()).toMatchObject({ totalItems: 4, records: [{ id: a.id }] });
    expect((await c.list('&pageSize=3')).records.map((r) => r.id)).toEqual([d.id, j.id, b.id]);
    const filteredTotal = await c.list('&category=inflow&pageSize=1');
    expect([filteredTotal.records.length, filteredTotal.totalItems]).toEqual([1, 2]);
    expect((await c.api.get(`${DOCS}?page=1&from=yesterday`)).statusCode).toBe(400);
  });

  it('exports xlsx, csv and txt with the rows of the list', async () => {
    const c = await setup();
    await fourDocs(c);
    const { records } = await c.list();
    const xlsx = await c.api.get('/api/Financials/Transactions/Export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(records.length + 1);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'DATE',
      'NUMBER',
      'DESCRIPTION',
      'AMOUNT',
      'CURRENCY',
      'CATEGORY',
      'ACCOUNT',
      'APPROVED',
      'MEMO',
    ]);
    // the file names the categories as the screen does
    const label: Record<string, string> = { inflow: 'Income', outflow: 'Expense', Journal: 'Journal' };
    records.forEach((r, i) => {
      const v = (ws.getRow(i + 2).values as unknown[]).slice(1);
      expect((v[0] as Date).toISOString().slice(0, 10)).toBe(r.date);
      expect(v.slice(1, 8)).toEqual([
        r.transactionNumber,
        r.narration,
        r.amount,
        'NGN',
        label[r.category],
        r.accountName,
        'No',
      ]);
    });

    const csv = await c.api.get('/api/Financials/Transactions/Export?format=csv&category=inflow');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/filename="transactions-\d{4}-\d{2}-\d{2}\.csv"/);
    const csvLines = csv.body.trimEnd().split('\r\n');
    expect(csvLines[0]).toBe('DATE,NUMBER,DESCRIPTION,AMOUNT,CURRENCY,CATEGORY,ACCOUNT,APPROVED,MEMO');
    const inflows = records.filter((r) => r.category === 'inflow');
    expect(csvLines.slice(1).map((l) => l.split(',').filter((_, i) => [0, 1, 3, 5].includes(i)))).toEqual(
      inflows.map((r) => [r.date, r.transactionNumber, String(r.amount), 'Income']),
    );

    const txt = await c.api.get('/api/Financials/Transactions/Export?format=txt');
    expect(txt.headers['content-type']).toContain('text/plain');
    const txtLines = txt.body.trimEnd().split('\r\n');
    expect(txtLines).toHaveLength(records.length + 1);
    expect(txtLines[2]!.split('\t').slice(0, 4)).toEqual([
      records[1]!.date,
      records[1]!.transactionNumber,
      records[1]!.narration,
      String(records[1]!.amount),
    ]);
    expect((await c.api.get('/api/Financials/Transactions/Export?format=pdf')).statusCode).toBe(400);
  });
});
