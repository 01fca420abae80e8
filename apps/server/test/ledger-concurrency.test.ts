import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, countRows, startHarness, trialBalance, type Harness } from './helpers.ts';
import { errorFields, NGN } from './fixtures.ts';
import { offeringChurch, EDIT, SAVE } from './offering-setup.ts';
import { offeringLines } from './ledger-model.ts';
import {
  EXPENSE,
  FUNDS,
  INCOME,
  JOURNAL,
  balanceTableVsLines,
  createAccount,
  createFund,
  expenseBody,
  getChart,
  headNamed,
  incomeBody,
  journalBody,
  named,
  saved,
  unbalancedEntries,
  type Fund,
} from './ledger-support.ts';

/**
 * Eight writers at once against the same accounts (DESIGN.md §1.3): on PostgreSQL the
 * requests really run in parallel (deadlocks are retried by withTenant); PGlite serialises
 * them. Either way nothing may be lost and the balance table must match the lines.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const WRITERS = 8;
const money = (kobo: bigint) => `${kobo / 100n}.${String(kobo % 100n).padStart(2, '0')}`;

function expectOk(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { returnObject: { id: string } & { id: string }[] };
}

describe('8 concurrent writers', () => {
  it('lose no update: every request answers 200, balances are the sum of what was posted', async () => {
    const c = await offeringChurch(h.app);
    const chart = await getChart(c.api);
    const utilities = named(chart, 'Utilities').id;
    const item = (await c.api.get(`/api/Financials/Contributions/Items/One?ID=${c.sundayItem}`)).json();
    const remittanceId = item.incomeRemittance[0].id as string;
    const want = new Map<string, bigint>();
    const add = (account: string, amount: bigint) => want.set(account, (want.get(account) ?? 0n) + amount);
    const names: Record<string, string> = { Cash: c.cash, Bank: c.bank, Offering: c.offering };
    const row = (amount: bigint) => ({
      financialContributionID: c.sundayItem,
      date: '2026-11-22',
      amount: money(amount),
      paymentChannel: 'Cash',
      currencyID: NGN,
    });

    const writer = async (k: bigint) => {
      // phase 1, all at once: an income into Cash, an expense from Bank, a journal, two offerings
      const [income, , , offerings] = await Promise.all([
        c.api.post(
          INCOME,
          incomeBody(c.cash, money(10_000n * k + 5_025n), [
            { accountID: c.offering, amount: money(10_000n * k) },
            { accountID: c.tithe, amount: '50.25' },
          ]),
        ),
        c.api.post(EXPENSE, expenseBody(c.bank, '20.10', [{ accountID: utilities, amount: '20.10' }])),
        c.api.post(JOURNAL, journalBody(c.bank, c.cash, '30.00')),
        c.api.post(SAVE, [row(100_005n + k), row(250_000n)]),
      ]).then((all) => all.map(expectOk));
      // phase 2, all at once: edit the income and the first offering, another journal, another offering
      const rows = offerings!.returnObject;
      await Promise.all([
        c.api.post(INCOME, {
          ...incomeBody(c.cash, money(12_000n * k + 5_025n), [
            { accountID: c.offering, amount: money(12_000n * k) },
            { accountID: c.tithe, amount: '50.25' },
          ]),
          id: income!.returnObject.id,
        }),
        c.api.put(EDIT, [{ id: rows[0]!.id, ...row(200_000n + 7n * k) }]),
        c.api.post(JOURNAL, journalBody(c.cash, c.bank, money(1_000n * k))),
        c.api.post(SAVE, [row(33_333n * k)]),
      ]).then((all) => all.map(expectOk));

      // what this writer posted, in the end
      add(c.cash, 12_000n * k + 5_025n);
      add(c.offering, -12_000n * k);
      add(c.tithe, -5_025n);
      add(c.bank, -2_010n);
      add(utilities, 2_010n);
      add(c.bank, 3_000n);
      add(c.cash, -3_000n);
      add(c.cash, 1_000n * k);
      add(c.bank, -1_000n * k);
      for (const amount of [200_000n + 7n * k, 250_000n, 33_333n * k])
        for (const l of offeringLines(amount, remittanceId)) add(names[l.account]!, l.amount);
    };
    await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(BigInt(i + 1))));

    for (const [account, amount] of want) expect(await accountBalance(h.database, c.tenantId, account)).toBe(amount);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
    expect(await unbalancedEntries(h.database, c.tenantId)).toEqual([]);
    const { table, lines } = await balanceTableVsLines(h.database, c.tenantId);
    expect(table.length).toBeGreaterThan(0);
    expect(table).toEqual(lines);
    // the chart reads the balance table: it shows the same figures
    const after = await getChart(c.api);
    expect(BigInt(Math.round(named(after, 'Cash').balance * 100))).toBe(want.get(c.cash));
    expect(BigInt(Math.round(named(after, 'Offering').balance * 100))).toBe(-want.get(c.offering)!);
    // per writer: 2 income saves (one an edit), 1 expense, 2 journals -> 4 documents
    expect(await countRows(h.database, 'financial_transactions', c.tenantId)).toBe(4 * WRITERS);
    expect(await countRows(h.database, 'offering_transactions', c.tenantId)).toBe(3 * WRITERS);
  }, 180_000);

  it('spend a restricted fund once: of 8 expenses of 30% each exactly 3 succeed', async () => {
    const c = await offeringChurch(h.app);
    const chart = await getChart(c.api);
    const repairs = named(chart, 'Maintenance and Repairs').id;
    const fund = await createFund(c.api, 'Building Fund', 1);
    const head = await headNamed(c.api, 'Other Income');
    const gifts = await createAccount(c.api, {
      name: 'Building Fund Donations',
      financialAccountGroupID: head.id,
      financialFundID: fund.id,
    });
    await saved(c.api, INCOME, incomeBody(c.bank, '1000.00', [{ accountID: gifts.id, amount: '1000.00' }]));
    const docsBefore = await countRows(h.database, 'financial_transactions', c.tenantId);

    const results = await Promise.all(
      Array.from({ length: WRITERS }, () =>
        c.api.post(EXPENSE, expenseBody(c.bank, '300.00', [{ accountID: repairs, amount: '300.00', fundID: fund.id }])),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    const answers = results.map((r) => `${r.statusCode} ${r.body.slice(0, 120)}`).join('\n');
    expect(ok, answers).toHaveLength(3);
    expect(refused, answers).toHaveLength(5);
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(400);
      expect(errorFields(r)).toContain('fund');
    }
    const balance = ((await c.api.get(FUNDS)).json() as Fund[]).find((f) => f.id === fund.id)!.balance;
    expect(balance).toBe(100);
    expect(await countRows(h.database, 'financial_transactions', c.tenantId)).toBe(docsBefore + 3);
    expect(await accountBalance(h.database, c.tenantId, repairs)).toBe(90_000n);
    expect(await trialBalance(h.database, c.tenantId)).toEqual({ NGN: 0n });
    const { table, lines } = await balanceTableVsLines(h.database, c.tenantId);
    expect(table).toEqual(lines);
  }, 180_000);
});
