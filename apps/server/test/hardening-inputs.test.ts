import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { queryRows } from '../src/db/client.ts';
import { client, countRows, startHarness, trialBalance, type Harness } from './helpers.ts';
import {
  ACCOUNT_SAVE,
  DOCS,
  FUND_SAVE,
  INCOME,
  JOURNAL,
  church,
  createFund,
  getChart,
  incomeBody,
  named,
  saved,
  writeCounts,
} from './ledger-support.ts';
import { offeringChurch, SAVE } from './offering-setup.ts';

/**
 * Issue 6, "Inputs that give 500" and "Races that make duplicates": every case answers a 4xx
 * naming the field, and nothing is written. Each case failed (500, or duplicates) before.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const NUL = 'a\u0000b';
const NGN = 566;
const USD = 840;

/** The field a 400 names (the first of `errors`). */
const fieldOf = (body: string) => (JSON.parse(body) as { errors?: { field: string }[] }).errors?.[0]?.field;

describe('NUL characters', () => {
  it('sign-in and sign-up answer 400 naming the field; nothing is written', async () => {
    const login = await h.app.inject({ method: 'POST', url: '/login', payload: { userName: NUL, password: 'x' } });
    expect(login.statusCode, login.body).toBe(400);
    expect(fieldOf(login.body)).toBe('userName');

    const [before] = await queryRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from tenants`);
    const signup = await h.app.inject({
      method: 'POST',
      url: '/api/onboarding/signup',
      payload: {
        churchName: `Grace ${NUL}`,
        firstName: 'Ada',
        lastName: 'Obi',
        email: `nul${Date.now()}@test.example`,
        phoneNumber: '+2348030000001',
        password: 'correct horse battery',
        countryCode: 'NG',
        currency: 'NGN',
      },
    });
    expect(signup.statusCode, signup.body).toBe(400);
    expect(fieldOf(signup.body)).toBe('churchName');
    const [after] = await queryRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from tenants`);
    expect(after!.n).toBe(before!.n);
  });

  it('in a query string, a nested body field and a key: 400 naming the field', async () => {
    const c = await church(h.app);
    const search = await c.api.get(`/api/Membership/GetSearchedUSers?searchText=${encodeURIComponent(NUL)}`);
    expect(search.statusCode, search.body).toBe(400);
    expect(fieldOf(search.body)).toMatch(/^search/i);

    const chart = await getChart(c.api);
    const before = await writeCounts(h.database, c.tenantId);
    const income = await c.api.post(
      INCOME,
      incomeBody(named(chart, 'Bank').id, 10, [{ accountID: named(chart, 'Offering').id, amount: 10 }], {
        memo: NUL,
      }),
    );
    expect(income.statusCode, income.body).toBe(400);
    expect(fieldOf(income.body)).toBe('memo');
    const nested = await c.api.post(INCOME, {
      ...incomeBody(named(chart, 'Bank').id, 10, [{ accountID: named(chart, 'Offering').id, amount: 10 }]),
      creditSplitAccounts: [{ accountID: named(chart, 'Offering').id, amount: 10, memo: NUL }],
    });
    expect(nested.statusCode, nested.body).toBe(400);
    expect(fieldOf(nested.body)).toBe('creditSplitAccounts.0.memo');
    const key = await c.api.post(ACCOUNT_SAVE, { name: 'Petty Cash', [NUL]: 1 });
    expect(key.statusCode, key.body).toBe(400);
    expect(await writeCounts(h.database, c.tenantId)).toEqual(before);
  });
});

describe('amounts that would overflow the ledger', () => {
  it('a journal of 100 lines of 1e15 and one of 100 lines of 1e12: 400, nothing written', async () => {
    const c = await church(h.app);
    const chart = await getChart(c.api);
    const lines = (amount: number) =>
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? { category: 'inflow', amount, debitAccountID: named(chart, 'Bank').id, date: '2026-11-02' }
          : { category: 'outflow', amount, creditAccountID: named(chart, 'Cash').id, date: '2026-11-02' },
      );
    const before = await writeCounts(h.database, c.tenantId);
    const huge = await c.api.post(JOURNAL, lines(1e15));
    expect(huge.statusCode, huge.body).toBe(400);
    expect(fieldOf(huge.body)).toBe('0.amount');
    const many = await c.api.post(JOURNAL, lines(1e12));
    expect(many.statusCode, many.body).toBe(400);
    expect(fieldOf(many.body)).toBe('lines');
    expect(await writeCounts(h.database, c.tenantId)).toEqual(before);
  });

  it('200 offering rows of 1e15 NGN, 200 of 1e11 NGN, one of 1e15 USD and one of 1e12 USD on NGN accounts: 400', async () => {
    const c = await offeringChurch(h.app);
    const row = (amount: number, currencyID = NGN) => ({
      financialContributionID: c.titheItem,
      amount,
      currencyID,
      paymentChannel: 'Cash',
      date: '2026-11-22',
    });
    const before = await countRows(h.database, 'offering_transactions', c.tenantId);
    const lines = await countRows(h.database, 'journal_lines', c.tenantId);
    const cases: [unknown[], string][] = [
      [Array.from({ length: 200 }, () => row(1e15)), '0.amount'],
      [Array.from({ length: 200 }, () => row(1e11)), 'amount'],
      [[row(1e15, USD)], '0.amount'],
      // a trillion dollars is within one amount's limit but 1.5 quadrillion naira on the books
      [[row(1e12, USD)], 'amount'],
    ];
    for (const [rows, field] of cases) {
      const res = await c.api.post(SAVE, rows);
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldOf(res.body)).toBe(field);
    }
    expect(await countRows(h.database, 'offering_transactions', c.tenantId)).toBe(before);
    expect(await countRows(h.database, 'journal_lines', c.tenantId)).toBe(lines);
  });

  it('an account balance at the BIGINT limit: the next posting is a 400 and nothing is written', async () => {
    const c = await church(h.app);
    const chart = await getChart(c.api);
    const bank = named(chart, 'Bank').id;
    await saved(c.api, INCOME, incomeBody(bank, 1, [{ accountID: named(chart, 'Offering').id, amount: 1 }]));
    // a balance near 2^63 - 1, as decades of postings (or a bad import) could leave it
    await h.database.db.execute(
      sql`update account_balances set balance_minor = 9223372036854775000 where tenant_id = ${c.tenantId} and account_id = ${bank}`,
    );
    const before = await writeCounts(h.database, c.tenantId);
    const res = await c.api.post(
      INCOME,
      incomeBody(bank, 100, [{ accountID: named(chart, 'Offering').id, amount: 100 }]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldOf(res.body)).toBe('amount');
    expect(await writeCounts(h.database, c.tenantId)).toEqual(before);
  });
});

describe('transaction numbers and references', () => {
  it('editing a document onto another document’s number is a 400 on transactionNumber; both stay', async () => {
    const c = await church(h.app);
    const chart = await getChart(c.api);
    const body = (n: string, extra = {}) =>
      incomeBody(named(chart, 'Bank').id, 5, [{ accountID: named(chart, 'Offering').id, amount: 5 }], {
        transactionNumber: n,
        ...extra,
      });
    await saved(c.api, INCOME, body('RCPT-1'));
    const second = await saved(c.api, INCOME, body('RCPT-2'));
    const res = await c.api.post(INCOME, body('RCPT-1', { id: second.id }));
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldOf(res.body)).toBe('transactionNumber');
    const list = (await c.api.get(`${DOCS}?page=1`)).json() as { records: { transactionNumber: string }[] };
    expect(list.records.map((r) => r.transactionNumber).sort()).toEqual(['RCPT-1', 'RCPT-2']);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
  });

  it('a fund (or its account) that an offering item remits to answers 409 offering deactivation', async () => {
    const c = await offeringChurch(h.app);
    const fund = await createFund(c.api, 'Missions Fund', 1);
    const item = await c.api.post('/api/financials/contributions/items/save', {
      name: 'Missions Offering',
      incomeAccountId: c.offering,
      cashAccountId: c.cash,
      incomeRemittance: [{ percentage: 20, distinationCashBankAccount: c.bank, financialFundID: fund.id }],
    });
    expect(item.statusCode, item.body).toBe(200);
    for (const url of [
      `/api/Financials/Fund/Delete?id=${fund.id}`,
      `/api/Financials/Accounts/Delete?id=${fund.accountID}`,
    ]) {
      const res = await c.api.delete(url);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ status: false, returnObject: { canDeactivate: true } });
      expect(res.json().response).toContain('offering item');
    }
    expect((await c.api.get('/api/Financials/Funds')).json()).toContainEqual(expect.objectContaining({ id: fund.id }));
  });
});

describe('uniqueness is a unique index: ten simultaneous creates make one', () => {
  const race = async (send: () => Promise<{ statusCode: number; body: string }>) => {
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, ...Array<number>(9).fill(400)]);
    return answers.filter((a) => a.statusCode === 400).map((a) => fieldOf(a.body));
  };

  it('funds, accounts (by name and by code) and offering items', async () => {
    const c = await offeringChurch(h.app);
    expect(await race(() => c.api.post(FUND_SAVE, { name: 'Youth Camp', fundType: 1 }))).toEqual(Array(9).fill('name'));
    const head = (await getChart(c.api)).accountwithHeads[0]!.accountHeadsDTO[0]!;
    expect(
      await race(() => c.api.post(ACCOUNT_SAVE, { name: 'petty cash', financialAccountGroupID: head.id })),
    ).toEqual(Array(9).fill('name'));
    let n = 0;
    expect(
      await race(() =>
        c.api.post(ACCOUNT_SAVE, { name: `Till ${++n}`, code: '1999', financialAccountGroupID: head.id }),
      ),
    ).toEqual(Array(9).fill('code'));
    expect(
      await race(() =>
        c.api.post('/api/financials/contributions/items/save', {
          name: 'Harvest',
          incomeAccountId: c.offering,
          cashAccountId: c.cash,
          incomeRemittance: null,
        }),
      ),
    ).toEqual(Array(9).fill('name'));
    const rows = await queryRows<{ t: string; n: number }>(
      h.database.db,
      sql`select 'funds' as t, count(*)::int as n from funds where tenant_id = ${c.tenantId} and name = 'Youth Camp'
          union all select 'accounts', count(*)::int from accounts where tenant_id = ${c.tenantId} and (lower(name) in ('youth camp', 'petty cash') or code = '1999')
          union all select 'items', count(*)::int from contribution_items where tenant_id = ${c.tenantId} and name = 'Harvest'`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.t, r.n]))).toEqual({ funds: 1, accounts: 3, items: 1 });
  });

  it('a name differing only in case is the same name', async () => {
    const c = await church(h.app);
    const res = await c.api.post(FUND_SAVE, { name: 'unrestricted funds', fundType: 0 });
    expect(res.statusCode, res.body).toBe(400);
    expect(fieldOf(res.body)).toBe('name');
  });
});

describe('logs carry no personal data', () => {
  it('a refused sign-up and a database refusal log the request id and SQL code, never e-mails, phones or hashes', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'info', WEB_DIST: '', SIGNUP_RATE_MAX: '1000000' });
    const app = await buildApp({ config, database: h.database, logStream: stream });
    await app.ready();
    try {
      const email = `log-check-${Date.now()}@private.example`;
      const phone = '+2348099998888';
      const body = {
        churchName: 'Log Check Church',
        firstName: 'Ada',
        lastName: 'Obi',
        email,
        phoneNumber: phone,
        password: 'correct horse battery',
        countryCode: 'NG',
        currency: 'NGN',
      };
      const first = await app.inject({ method: 'POST', url: '/api/onboarding/signup', payload: body });
      expect(first.statusCode, first.body).toBe(200);
      const token = (first.json() as { returnObject: { token: string } }).returnObject.token;
      const again = await app.inject({ method: 'POST', url: '/api/onboarding/signup', payload: body });
      expect(again.statusCode).toBe(400);
      await app.inject({
        method: 'GET',
        url: `/api/Membership/GetSearchedUSers?searchText=${encodeURIComponent(phone)}`,
      });
      // a unique index refuses this one: logged as a warning with its code and constraint
      const api = client(app, token);
      const dup = await api.post(FUND_SAVE, { name: 'Unrestricted Funds', fundType: 0 });
      expect(dup.statusCode).toBe(400);
      const text = lines.join('\n');
      expect(text).not.toContain(email);
      expect(text).not.toContain(phone);
      expect(text).not.toContain(phone.slice(1));
      expect(text).not.toMatch(/\$argon2/);
      expect(text).not.toContain('correct horse');
      const refusal = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.db);
      expect(refusal).toMatchObject({ db: { code: '23505', constraint: 'funds_name_key' }, reqId: expect.any(String) });
    } finally {
      await app.close();
    }
  });
});
