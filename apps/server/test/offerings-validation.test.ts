import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest, NGN, NIL_ID } from './fixtures.ts';
import { LIST, offeringChurch, SAVE, saveRows, type OfferingChurch } from './offering-setup.ts';

let h: Harness;
let mine: OfferingChurch;
let other: OfferingChurch;
beforeAll(async () => {
  h = await startHarness();
  mine = await offeringChurch(h.app);
  other = await offeringChurch(h.app);
  // `other` has an item, a member and an event of its own: the foreign references below
});
afterAll(async () => {
  await h.close();
});

const written = async (tenantId: string) => ({
  offerings: await countRows(h.database, 'offering_transactions', tenantId),
  entries: await countRows(h.database, 'journal_entries', tenantId),
  lines: await countRows(h.database, 'journal_lines', tenantId),
  keys: await countRows(h.database, 'idempotency_keys', tenantId),
});

const valid = (c: OfferingChurch): Record<string, unknown> => ({
  financialContributionID: c.sundayItem,
  date: '2026-11-22',
  amount: 1000,
  paymentChannel: 'Cash',
  currencyID: NGN,
});

const without = (row: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => k !== key));

type Case = [label: string, field: string, rows: () => Record<string, unknown>[]];

const amountCases: Case[] = (
  [
    ['a negative amount', -5],
    ['a negative amount as text', '-5'],
    ['text that is no number', 'abc'],
    ['zero', 0],
    ['zero as text', '0.00'],
    ['three decimals in NGN', '100.123'],
    ['three decimals in NGN as a number', 100.125],
    ['a misplaced grouping comma', '12,50'],
    ['an absurdly large amount', 1e18],
  ] as const
).map(([label, amount]): Case => [label, '0.amount', () => [{ ...valid(mine), amount }]]);

const cases: Case[] = [
  ...amountCases,
  ['a missing amount', '0.amount', () => [without(valid(mine), 'amount')]],
  ['decimals in JPY, which has none', '0.amount', () => [{ ...valid(mine), currencyID: 392, amount: 5.5 }]],
  ['a bad amount on the second row', '1.amount', () => [valid(mine), { ...valid(mine), amount: 'abc' }]],
  ['an unknown paymentChannel', '0.paymentChannel', () => [{ ...valid(mine), paymentChannel: 'Bitcoin' }]],
  ['a missing paymentChannel', '0.paymentChannel', () => [without(valid(mine), 'paymentChannel')]],
  [
    "another church's offering item",
    '1.financialContributionID',
    () => [valid(mine), { ...valid(mine), financialContributionID: other.sundayItem }],
  ],
  [
    'an unknown offering item',
    '0.financialContributionID',
    () => [{ ...valid(mine), financialContributionID: crypto.randomUUID() }],
  ],
  ['no offering item', '0.financialContributionID', () => [{ ...valid(mine), financialContributionID: NIL_ID }]],
  ["another church's member as donor", '1.personID', () => [valid(mine), { ...valid(mine), personID: other.donorId }]],
  ["another church's event", '1.activityID', () => [valid(mine), { ...valid(mine), activityID: other.eventId }]],
  ['a malformed event id', '0.activityID', () => [{ ...valid(mine), activityID: 'sunday' }]],
  ['unknown currency 999', '0.currencyID', () => [{ ...valid(mine), currencyID: 999 }]],
  ['currency 0', '0.currencyID', () => [{ ...valid(mine), currencyID: 0 }]],
  ['an impossible date', '0.date', () => [{ ...valid(mine), date: '2026-02-30' }]],
  ['a missing date', '0.date', () => [without(valid(mine), 'date')]],
];

describe('Save refuses bad rows with 400 naming <row>.<field> and writes nothing', () => {
  it.each(cases)('%s -> %s', async (_label, field, rows) => {
    const before = await written(mine.tenantId);
    const res = await mine.api.post(SAVE, rows(), { 'Idempotency-Key': `bad-${field}-${Math.random()}` });
    expectBadRequest(res, field);
    expect(await written(mine.tenantId)).toEqual(before);
  });

  it('never answers 500 for a body that is not a list of rows', async () => {
    const before = await written(mine.tenantId);
    const json = { 'content-type': 'application/json' };
    for (const body of [[], {}, [null], [1, 2], '"text"', '{"broken json']) {
      const res = await mine.api.post(SAVE, typeof body === 'string' ? body : JSON.stringify(body), json);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().status).toBe(false);
    }
    expect(await written(mine.tenantId)).toEqual(before);
  });

  it('with a valid first row and a bad second row, neither is recorded nor posted', async () => {
    const before = await written(mine.tenantId);
    const res = await mine.api.post(SAVE, [
      { ...valid(mine), amount: '12,500.50', personID: mine.donorId, activityID: mine.eventId },
      { ...valid(mine), financialContributionID: mine.titheItem, amount: '5.555' },
    ]);
    expectBadRequest(res, '1.amount');
    expect(await written(mine.tenantId)).toEqual(before);
    expect((await mine.api.get(`${LIST}?page=1`)).json().totalItems).toBe(before.offerings);
  });

  it('accepts the forms the screens send: text with commas, numbers, US dates, empty and all-zero references', async () => {
    const saved = await saveRows(mine.api, [
      { ...valid(mine), amount: ' 1,234,567.89 ', date: '11/22/2026', personID: '', activityID: NIL_ID },
      { ...valid(mine), amount: '5.000', personID: null, activityID: '', currencyID: '566' },
    ]);
    expect(saved.map((r) => r.amount)).toEqual([1234567.89, 5]);
    expect(saved.map((r) => [r.person, r.activityID, r.date])).toEqual([
      [null, null, '2026-11-22'],
      [null, null, '2026-11-22'],
    ]);
  });
});
