import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signupChurch, startHarness, type Harness } from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface Option {
  id: string;
  text: string;
  accountType: string;
  financialFundID: string | null;
  currency: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const INCOME = '/api/Financials/Accounts/GetIncomeAccounts';
const CASH = '/api/financials/accounts/getcashbankaccounts';
const REMIT = '/api/Financials/Accounts/GetRemittanceAccounts';

describe('account pickers', () => {
  it('GetIncomeAccounts answers income accounts, each with a fund', async () => {
    const c = await signupChurch(h.app);
    const res = await client(h.app, c.token).get(INCOME);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Option[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    for (const a of list) {
      expect(Object.keys(a).sort()).toEqual(['accountType', 'currency', 'financialFundID', 'id', 'text']);
      expect(a.id).toMatch(UUID);
      expect(a.accountType).toBe('income');
      expect(a.financialFundID).toMatch(UUID);
      expect(a.currency).toBe('NGN');
    }
    expect(list.map((a) => a.text)).toEqual(expect.arrayContaining(['4000 - Offering', '4010 - Tithe']));
    expect(list.map((a) => a.text)).not.toContain('1000 - Cash');
  });

  it('getcashbankaccounts answers only cash and bank accounts, in the church currency', async () => {
    const c = await signupChurch(h.app, { currency: 'GHS', countryCode: 'GH' });
    const res = await client(h.app, c.token).get(CASH);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Option[];
    expect(list.map((a) => a.text)).toEqual(['1000 - Cash', '1010 - Bank']);
    for (const a of list) {
      expect(a.id).toMatch(UUID);
      expect(a.accountType).toBe('assets');
      expect(a.currency).toBe('GHS');
    }
    // a fixed asset is an asset but no cash or bank account
    expect(list.some((a) => a.text.includes('Buildings'))).toBe(false);
  });

  it('GetRemittanceAccounts lists the destinations flat: cash/bank (assets) first, then income', async () => {
    const c = await signupChurch(h.app);
    const api = client(h.app, c.token);
    const res = await api.get(REMIT);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Option[];
    const income = (await api.get(INCOME)).json() as Option[];
    const cash = (await api.get(CASH)).json() as Option[];
    expect(list.map((a) => a.id)).toEqual([...cash, ...income].map((a) => a.id));
    expect(list.map((a) => a.accountType)).toEqual([...cash.map(() => 'assets'), ...income.map(() => 'income')]);
    expect(list.every((a) => a.text !== '' && 'financialFundID' in a)).toBe(true);
  });

  it('a church only ever sees its own accounts', async () => {
    const a = await signupChurch(h.app);
    const b = await signupChurch(h.app);
    const idsOf = async (token: string) => {
      const api = client(h.app, token);
      const ids: string[] = [];
      for (const url of [INCOME, CASH]) ids.push(...((await api.get(url)).json() as Option[]).map((o) => o.id));
      ids.push(...((await api.get(REMIT)).json() as Option[]).map((o) => o.id));
      return new Set(ids);
    };
    const aIds = await idsOf(a.token);
    const bIds = await idsOf(b.token);
    expect(aIds.size).toBeGreaterThanOrEqual(7);
    expect(bIds.size).toBe(aIds.size);
    for (const id of aIds) expect(bIds.has(id)).toBe(false);
  });

  it.each([INCOME, CASH, REMIT])('%s answers 401 without a session or with a bad token', async (url) => {
    expect((await client(h.app, null).get(url)).statusCode).toBe(401);
    expect((await client(h.app, 'not-a-session').get(url)).statusCode).toBe(401);
  });
});
