import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './helpers.ts';
import { financeChurch, threeLines } from './finance-support.ts';
import { INCOME } from './ledger-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('transaction numbers', () => {
  it("are counted per church, so one church's numbers say nothing of another's", async () => {
    const a = await financeChurch(h);
    const b = await financeChurch(h);
    const save = async (c: typeof a, extra = {}) => {
      const res = await c.api.post(INCOME, threeLines(c, extra));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { returnObject: { transactionNumber: string } }).returnObject.transactionNumber;
    };
    expect(await save(a)).toBe('TRX-000001');
    expect(await save(a)).toBe('TRX-000002');
    expect(await save(b)).toBe('TRX-000001');
    // a number typed by a user earlier is skipped, not refused
    expect(await save(b, { transactionNumber: 'TRX-000002' })).toBe('TRX-000002');
    expect(await save(b)).toBe('TRX-000003');
  });
});
