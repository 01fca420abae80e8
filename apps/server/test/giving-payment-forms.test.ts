import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { openPayments } from '../src/modules/payments/runtime.ts';
import type { Sandbox } from '../src/modules/payments/sandbox/server.ts';
import { client, countRows, signupChurch, type Client, type Harness } from './helpers.ts';
import { accountsByName, acc, createItem, expectBadRequest } from './fixtures.ts';

/**
 * Giving's admin API (issue 10 'Admin screens'; giving spec 2.1-2.3, §3-§5, §7, §8;
 * existing-client-api §3.1): payment forms, banks, gateways, the church's account-name check and
 * Flutterwave subaccounts. The app speaks through the real Paystack and Flutterwave adapters to
 * the local provider sandbox (payments/sandbox), as `npm start` does without keys; an outage is
 * the sandbox answering HTTP 503 (or 401, a refused key) to the next calls: it must answer a
 * clear 503 and write nothing, never a 500.
 */

const PUBLIC_URL = 'https://give.grace.example';

let h: Harness;
let sandbox: Sandbox;
beforeAll(async () => {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: '',
    SIGNUP_RATE_MAX: '1000000',
    MESSAGING_WORKERS: '0',
    PUBLIC_URL,
    PAYSTACK_SECRET_KEY: '',
    FLUTTERWAVE_SECRET_KEY: '',
  });
  // as helpers.ts startHarness, with the payments runtime in hand to reach its sandbox
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://' });
  await database.migrate();
  await seedReferenceData(database.db);
  const payments = await openPayments(config, { appUrl: null });
  if (!payments.sandbox) throw new Error('expected the local provider sandbox (no provider keys)');
  sandbox = payments.sandbox;
  const app = await buildApp({ config, database, payments });
  await app.ready();
  h = {
    app,
    database,
    close: async () => {
      await app.close();
      await payments.close();
      await database.close();
    },
  };
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const GET_ALL = '/api/PaymentForm/GetAll';
const GET_ONE = '/api/PaymentForm/GetOne';
const CREATE = '/api/PaymentForm/newpaymentform';
const UPDATE = '/api/PaymentForm/update';
const DELETE = '/api/PaymentForm/Delete';
const DELETE_ITEM = '/mobile/v1/PaymentForm/contributionItem';
const BANKS = '/api/Financials/GetBanks';
const GATEWAYS = '/api/Financials/GetPaymentGateways';
const RESOLVE = '/api/Financials/ResolveAccount';
const SUBACCOUNTS = '/api/PaymentForm/subaccounts';

interface Gateway {
  id: number;
  name: string;
  countryCoverageArea: string;
  isActive: boolean;
  isSubAccountSupported: boolean;
}
interface Form {
  id: string;
  name: string;
  bank: string | null;
  bankID: number | null;
  bankCode: string | null;
  accountNumber: string | null;
  accountName: string | null;
  isActive: boolean;
  date: string;
  contributionItems: {
    id: string;
    financialContributionID: string;
    financialContribution: { id: string; name: string };
  }[];
  paymentGateWays: {
    id: string;
    paymentGateWayID: number;
    paymentGateway: Gateway;
    subAccountID: string | null;
    updateId: string;
  }[];
  paymentUrl: string;
  iframeUrl: string;
  paymentUrlQRCode: string;
}

const PAYSTACK: Gateway = {
  id: 1,
  name: 'Paystack',
  countryCoverageArea: 'Nigeria, Ghana, Kenya, South Africa',
  isActive: true,
  isSubAccountSupported: false,
};
const FLUTTERWAVE: Gateway = {
  id: 2,
  name: 'FlutterWave',
  countryCoverageArea: 'Nigeria, Ghana, Kenya, South Africa, Uganda, Tanzania, Rwanda',
  isActive: true,
  isSubAccountSupported: true,
};

/** A church with three contribution items (Sunday Offering, Tithe, Building Fund). */
async function church(overrides: Record<string, string> = {}) {
  const c = await signupChurch(h.app, overrides);
  const api = client(h.app, c.token);
  const accounts = await accountsByName(api);
  const item = (name: string) =>
    createItem(api, {
      name,
      incomeAccountId: acc(accounts, 'Offering').id,
      cashAccountId: acc(accounts, 'Bank').id,
      incomeRemittance: null,
    });
  const items = {
    offering: await item('Sunday Offering'),
    tithe: await item('Tithe'),
    building: await item('Building Fund'),
  };
  return { ...c, api, items };
}
type Church = Awaited<ReturnType<typeof church>>;

let a: Church;
let b: Church;
/** The sandbox's FlutterWave subaccount of the forms' bank account (058, 0123456789). */
let subaccount: string;
beforeAll(async () => {
  a = await church();
  b = await church();
  // a form with FlutterWave and no subaccount makes one at the provider; the form then goes
  const made = await create(a, {
    name: 'Makes the subaccount',
    paymentGateWays: [{ paymentGateWayID: 2, subAccountID: null, updateId: null }],
  });
  subaccount = made.paymentGateWays[0]!.subAccountID!;
  expect(subaccount).toMatch(/^RS_/);
  expect((await a.api.delete(`${DELETE}?paymentFormID=${made.id}`)).statusCode).toBe(200);
}, 120_000);

/** The existing client's create body (existing-client-api §3.1). */
function formBody(c: Church, extra: Record<string, unknown> = {}) {
  return {
    name: 'Sunday Giving',
    bankCode: '058',
    accountName: 'GRACE CHAPEL INTERNATIONAL',
    accountNumber: '0123456789',
    isActive: true,
    contributionItems: [{ financialContributionID: c.items.offering }, { financialContributionID: c.items.tithe }],
    paymentGateWays: [{ paymentGateWayID: 1, subAccountID: null, updateId: null }],
    ...extra,
  };
}

async function create(c: Church, extra: Record<string, unknown> = {}): Promise<Form> {
  const res = await c.api.post(CREATE, formBody(c, extra));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { status: boolean; id: string; returnObject: Form };
  expect(body.status).toBe(true);
  expect(body.id).toBe(body.returnObject.id);
  return body.returnObject;
}

async function getOne(api: Client, id: string): Promise<Form> {
  const res = await api.get(`${GET_ONE}?paymentFormID=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Form;
}

const formCount = (c: Church) => countRows(h.database, 'payment_forms', c.tenantId);
const rowCounts = async (c: Church) => ({
  forms: await formCount(c),
  items: await countRows(h.database, 'payment_form_items', c.tenantId),
  gateways: await countRows(h.database, 'payment_form_gateways', c.tenantId),
});

/** The width and height of a PNG from its IHDR chunk, after checking the signature. */
function pngSize(dataUrl: string): { width: number; height: number } {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const bytes = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('GET /api/Financials/GetBanks and GetPaymentGateways', () => {
  it("answers the banks of the church's country with the providers' codes", async () => {
    const res = await a.api.get(BANKS);
    expect(res.statusCode, res.body).toBe(200);
    const banks = res.json() as { id: number; name: string; code: string }[];
    expect(banks.length).toBeGreaterThan(30);
    for (const bank of banks) expect(Object.keys(bank).sort()).toEqual(['code', 'id', 'name']);
    const byCode = new Map(banks.map((x) => [x.code, x.name]));
    expect(byCode.get('044')).toBe('Access Bank');
    expect(byCode.get('058')).toBe('Guaranty Trust Bank');
    expect(byCode.get('057')).toBe('Zenith Bank');
    expect(byCode.get('011')).toBe('First Bank of Nigeria');
    expect(byCode.get('033')).toBe('United Bank For Africa');
    // Ghana's banks are not a Nigerian church's
    expect(byCode.has('040100')).toBe(false);
    expect(banks.map((x) => x.name)).toEqual(
      [...banks.map((x) => x.name)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  });

  it("answers Ghana's banks to a Ghanaian church", async () => {
    const gh = await signupChurch(h.app, { countryCode: 'GH', currency: 'GHS' });
    const res = await client(h.app, gh.token).get(BANKS);
    expect(res.statusCode, res.body).toBe(200);
    const banks = res.json() as { id: number; name: string; code: string }[];
    expect(banks).toContainEqual({ id: 112, name: 'GCB Bank', code: '040100' });
    expect(banks.some((x) => x.code === '058')).toBe(false);
  });

  it('answers Paystack and FlutterWave with the names the existing client matches', async () => {
    const res = await a.api.get(GATEWAYS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([PAYSTACK, FLUTTERWAVE]);
  });

  it('needs a session', async () => {
    const anon = client(h.app, null);
    for (const url of [BANKS, GATEWAYS]) expect((await anon.get(url)).statusCode).toBe(401);
  });
});

describe('POST /api/PaymentForm/newpaymentform and GET /api/PaymentForm/GetOne', () => {
  it('creates a form with the existing client body and answers it with its id at the top level', async () => {
    const res = await a.api.post(CREATE, formBody(a));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: boolean; response: string; id: string; returnObject: Form };
    expect(body.status).toBe(true);
    expect(body.response).toBe('Payment form created');
    const id = body.id;
    expect(body.returnObject.id).toBe(id);

    const form = await getOne(a.api, id);
    expect(form).toEqual({
      id,
      name: 'Sunday Giving',
      bank: 'Guaranty Trust Bank',
      bankID: 10,
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'GRACE CHAPEL INTERNATIONAL',
      isActive: true,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      contributionItems: [
        {
          id: expect.any(String),
          financialContributionID: a.items.offering,
          financialContribution: { id: a.items.offering, name: 'Sunday Offering' },
        },
        {
          id: expect.any(String),
          financialContributionID: a.items.tithe,
          financialContribution: { id: a.items.tithe, name: 'Tithe' },
        },
      ],
      paymentGateWays: [
        {
          id: expect.any(String),
          paymentGateWayID: 1,
          paymentGateway: PAYSTACK,
          subAccountID: null,
          updateId: expect.any(String),
        },
      ],
      paymentUrl: `${PUBLIC_URL}/give/${id}`,
      iframeUrl: `${PUBLIC_URL}/iframe/${id}`,
      paymentUrlQRCode: expect.any(String),
    });
    expect(form.paymentGateWays[0]!.updateId).toBe(form.paymentGateWays[0]!.id);
    expect(body.returnObject).toEqual(form);
  });

  it('answers paymentUrlQRCode as a PNG data URL, one per form', async () => {
    const one = await create(a, { name: 'QR one' });
    const two = await create(a, { name: 'QR two' });
    const size = pngSize(one.paymentUrlQRCode);
    expect(size.width).toBe(size.height);
    expect(size.width).toBeGreaterThanOrEqual(256);
    pngSize(two.paymentUrlQRCode);
    expect(one.paymentUrlQRCode).not.toBe(two.paymentUrlQRCode);
  });

  it('drops rows without a contribution item and repeats of one item', async () => {
    const form = await create(a, {
      name: 'Rows',
      contributionItems: [
        { financialContributionID: a.items.offering },
        { financialContributionID: '' },
        { financialContributionID: null },
        { financialContributionID: '00000000-0000-0000-0000-000000000000' },
        { financialContributionID: a.items.offering },
      ],
    });
    expect(form.contributionItems.map((i) => i.financialContributionID)).toEqual([a.items.offering]);
  });

  it('creates an inactive form, and a form without a bank account', async () => {
    const inactive = await create(a, { name: 'Inactive', isActive: false });
    expect(inactive.isActive).toBe(false);
    const noBank = await create(a, { name: 'No bank', bankCode: '', accountNumber: '', accountName: '' });
    expect(noBank).toMatchObject({ bank: null, bankID: null, bankCode: null, accountNumber: null, accountName: null });
  });

  it("takes a FlutterWave subaccount the provider lists for the form's bank account, and keeps none for Paystack", async () => {
    const form = await create(a, {
      name: 'Given subaccount',
      paymentGateWays: [
        { paymentGateWayID: 1, subAccountID: 'RS_NOTFORPAYSTACK', updateId: null },
        { paymentGateWayID: '2', subAccountID: subaccount, updateId: null },
      ],
    });
    expect(form.paymentGateWays.map((g) => [g.paymentGateway.name, g.subAccountID])).toEqual([
      ['Paystack', null],
      ['FlutterWave', subaccount],
    ]);
  });

  it("refuses a subaccount that is not the provider's subaccount of the form's bank account, and writes nothing", async () => {
    const before = await rowCounts(a);
    for (const given of ['RS_0A1B2C3D4E5F', b.tenantId]) {
      const res = await a.api.post(
        CREATE,
        formBody(a, {
          paymentGateWays: [
            { paymentGateWayID: 1, subAccountID: null, updateId: null },
            { paymentGateWayID: 2, subAccountID: given, updateId: null },
          ],
        }),
      );
      expectBadRequest(res, 'paymentGateWays.1.subAccountID');
    }
    // the subaccount of another bank account is not this one's
    const res = await a.api.post(
      CREATE,
      formBody(a, {
        accountNumber: '0690000032',
        accountName: 'PASTOR BRIGHT',
        paymentGateWays: [{ paymentGateWayID: 2, subAccountID: subaccount, updateId: null }],
      }),
    );
    expectBadRequest(res, 'paymentGateWays.0.subAccountID');
    expect(await rowCounts(a)).toEqual(before);
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const before = await rowCounts(a);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: undefined }, 'name'],
      [{ bankCode: '999' }, 'bankCode'],
      [{ bankCode: '040100' }, 'bankCode'],
      [{ accountNumber: '012345678' }, 'accountNumber'],
      [{ accountNumber: '01234567890' }, 'accountNumber'],
      [{ accountNumber: '01234abc89' }, 'accountNumber'],
      [{ accountNumber: '' }, 'accountNumber'],
      [{ bankCode: '', accountNumber: '0123456789' }, 'bankCode'],
      [{ contributionItems: [] }, 'contributionItems'],
      [{ contributionItems: [{ financialContributionID: '' }] }, 'contributionItems'],
      [
        { contributionItems: [{ financialContributionID: 'not-an-id' }] },
        'contributionItems.0.financialContributionID',
      ],
      [{ paymentGateWays: [{ paymentGateWayID: 99 }] }, 'paymentGateWays.0.paymentGateWayID'],
      [{ paymentGateWays: [{ paymentGateWayID: 'x' }] }, 'paymentGateWays.0.paymentGateWayID'],
      [{ isActive: 'yes' }, 'isActive'],
      [
        { bankCode: '', accountNumber: '', paymentGateWays: [{ paymentGateWayID: 2, subAccountID: null }] },
        'accountNumber',
      ],
    ];
    for (const [extra, field] of cases) {
      const res = await a.api.post(CREATE, formBody(a, extra));
      expectBadRequest(res, field);
    }
    expect(await rowCounts(a)).toEqual(before);
  });

  it("answers 404 for another church's contribution item and writes nothing", async () => {
    const before = await rowCounts(a);
    const res = await a.api.post(
      CREATE,
      formBody(a, {
        contributionItems: [{ financialContributionID: a.items.offering }, { financialContributionID: b.items.tithe }],
      }),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect((res.json() as { status: boolean }).status).toBe(false);
    expect(await rowCounts(a)).toEqual(before);
    expect(await rowCounts(b)).toMatchObject({ items: 0 });
  });

  it('answers 404 for an item the church deleted (inactive)', async () => {
    const c = await church();
    const del = await c.api.delete(`/api/Financials/Contributions/Delete?ID=${c.items.building}`);
    expect(del.statusCode, del.body).toBe(200);
    const res = await c.api.post(
      CREATE,
      formBody(c, { contributionItems: [{ financialContributionID: c.items.building }] }),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(await formCount(c)).toBe(0);
  });

  it("answers 404 for another church's form on GetOne, and 400 for a bad id", async () => {
    const form = await create(a, { name: 'Private' });
    expect((await b.api.get(`${GET_ONE}?paymentFormID=${form.id}`)).statusCode).toBe(404);
    expectBadRequest(await a.api.get(`${GET_ONE}?paymentFormID=nope`), 'paymentFormID');
    expectBadRequest(await a.api.get(GET_ONE), 'paymentFormID');
  });

  it('needs a session', async () => {
    const form = await create(a, { name: 'Session' });
    const anon = client(h.app, null);
    const before = await rowCounts(a);
    expect((await anon.post(CREATE, formBody(a))).statusCode).toBe(401);
    expect((await anon.get(`${GET_ONE}?paymentFormID=${form.id}`)).statusCode).toBe(401);
    expect(await rowCounts(a)).toEqual(before);
  });
});

describe('a FlutterWave gateway without a subaccount while the provider is unavailable', () => {
  it('refuses the create with a clear 503 and writes nothing', async () => {
    const before = await rowCounts(a);
    sandbox.failNext(503, { provider: 'flutterwave' });
    const res = await a.api.post(
      CREATE,
      formBody(a, {
        paymentGateWays: [
          { paymentGateWayID: 1, subAccountID: null, updateId: null },
          { paymentGateWayID: 2, subAccountID: '', updateId: null },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(503);
    const body = res.json() as { status: boolean; response: string; returnObject: unknown };
    expect(body.status).toBe(false);
    expect(body.returnObject).toBeNull();
    expect(body.response).toMatch(/^FlutterWave is not available right now to set up the FlutterWave subaccount/);
    expect(body.response).toContain('the form was not saved');
    expect(await rowCounts(a)).toEqual(before);
  });

  it('refuses an update that moves the form to another account with a 503 and changes nothing', async () => {
    const form = await create(a, {
      name: 'Moving account',
      paymentGateWays: [{ paymentGateWayID: 2, subAccountID: subaccount, updateId: null }],
    });
    sandbox.failNext(503, { provider: 'flutterwave' });
    const res = await a.api.put(UPDATE, {
      ...formBody(a, { name: 'Moved account', accountNumber: '0690000032', accountName: 'PASTOR BRIGHT' }),
      id: form.id,
      paymentGateWays: form.paymentGateWays.map((g) => ({
        paymentGateWayID: g.paymentGateWayID,
        subAccountID: g.subAccountID,
        updateId: g.updateId,
      })),
      removeContributionIDs: [],
      removePaymentGatewayIDs: [],
    });
    expect(res.statusCode, res.body).toBe(503);
    const after = await getOne(a.api, form.id);
    expect(after).toEqual(form);
  });
});

describe('PUT /api/PaymentForm/update', () => {
  it('renames, adds and removes items and gateways in one save', async () => {
    const form = await create(a, {
      name: 'Before',
      paymentGateWays: [
        { paymentGateWayID: 1, subAccountID: null, updateId: null },
        { paymentGateWayID: 2, subAccountID: subaccount, updateId: null },
      ],
    });
    const tithe = form.contributionItems.find((i) => i.financialContributionID === a.items.tithe)!;
    const paystack = form.paymentGateWays.find((g) => g.paymentGateWayID === 1)!;
    const res = await a.api.put(UPDATE, {
      id: form.id,
      name: 'After',
      bankCode: '058',
      accountName: 'GRACE CHAPEL INTERNATIONAL',
      accountNumber: '0123456789',
      isActive: false,
      contributionItems: [{ financialContributionID: a.items.offering }, { financialContributionID: a.items.building }],
      paymentGateWays: [{ paymentGateWayID: 2, subAccountID: subaccount, updateId: form.paymentGateWays[1]!.updateId }],
      removeContributionIDs: [tithe.id],
      removePaymentGatewayIDs: [paystack.paymentGateWayID],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: boolean; response: string; id: string; returnObject: Form };
    expect(body).toMatchObject({ status: true, response: 'Payment form updated', id: form.id });
    const after = await getOne(a.api, form.id);
    expect(body.returnObject).toEqual(after);
    expect(after.name).toBe('After');
    expect(after.isActive).toBe(false);
    expect(after.contributionItems.map((i) => i.financialContribution.name).sort()).toEqual([
      'Building Fund',
      'Sunday Offering',
    ]);
    // the kept row keeps its id
    expect(after.contributionItems.find((i) => i.financialContributionID === a.items.offering)!.id).toBe(
      form.contributionItems.find((i) => i.financialContributionID === a.items.offering)!.id,
    );
    expect(after.paymentGateWays.map((g) => [g.paymentGateWayID, g.subAccountID])).toEqual([[2, subaccount]]);
  });

  it('removes by row id or by item and gateway id, and ignores ids of nothing on the form', async () => {
    const form = await create(a, {
      name: 'Removals',
      contributionItems: [
        { financialContributionID: a.items.offering },
        { financialContributionID: a.items.tithe },
        { financialContributionID: a.items.building },
      ],
      paymentGateWays: [
        { paymentGateWayID: 1, subAccountID: null },
        { paymentGateWayID: 2, subAccountID: subaccount },
      ],
    });
    const flutterwaveRow = form.paymentGateWays.find((g) => g.paymentGateWayID === 2)!.id;
    const res = await a.api.put(UPDATE, {
      id: form.id,
      name: 'Removals',
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'GRACE CHAPEL INTERNATIONAL',
      contributionItems: [],
      paymentGateWays: [],
      removeContributionIDs: [a.items.tithe, b.items.offering, '6f1c1d52-3c0e-4d1e-9a57-3b1c2d3e4f50'],
      removePaymentGatewayIDs: [flutterwaveRow, '1', 7],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await getOne(a.api, form.id);
    expect(after.contributionItems.map((i) => i.financialContributionID).sort()).toEqual(
      [a.items.offering, a.items.building].sort(),
    );
    expect(after.paymentGateWays).toEqual([]);
    expect(after.isActive).toBe(true);
  });

  it('refuses bad input with a 400 naming the field and changes nothing', async () => {
    const form = await create(a, { name: 'Stays' });
    const base = { ...formBody(a), id: form.id, removeContributionIDs: [], removePaymentGatewayIDs: [] };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ id: 'nope' }, 'id'],
      [{ accountNumber: '123' }, 'accountNumber'],
      [{ bankCode: 'ZZZ' }, 'bankCode'],
      [{ removeContributionIDs: ['not-an-id'] }, 'removeContributionIDs.0'],
      [{ removePaymentGatewayIDs: ['paystack'] }, 'removePaymentGatewayIDs.0'],
      [{ paymentGateWays: [{ paymentGateWayID: 3 }] }, 'paymentGateWays.0.paymentGateWayID'],
      [
        {
          contributionItems: [],
          removeContributionIDs: form.contributionItems.map((i) => i.id),
        },
        'contributionItems',
      ],
    ];
    for (const [extra, field] of cases) expectBadRequest(await a.api.put(UPDATE, { ...base, ...extra }), field);
    expect(await getOne(a.api, form.id)).toEqual(form);
  });

  it("answers 404 for another church's form or item and changes nothing", async () => {
    const mine = await create(a, { name: 'Mine' });
    const theirs = await create(b, { name: 'Theirs' });
    const before = await rowCounts(b);
    const foreignForm = await a.api.put(UPDATE, { ...formBody(a), id: theirs.id });
    expect(foreignForm.statusCode, foreignForm.body).toBe(404);
    const foreignItem = await a.api.put(UPDATE, {
      ...formBody(a, { contributionItems: [{ financialContributionID: b.items.building }] }),
      id: mine.id,
    });
    expect(foreignItem.statusCode, foreignItem.body).toBe(404);
    expect(await getOne(b.api, theirs.id)).toEqual(theirs);
    expect(await getOne(a.api, mine.id)).toEqual(mine);
    expect(await rowCounts(b)).toEqual(before);
  });

  it('needs a session', async () => {
    const form = await create(a, { name: 'Anon update' });
    const res = await client(h.app, null).put(UPDATE, { ...formBody(a, { name: 'Hacked' }), id: form.id });
    expect(res.statusCode).toBe(401);
    expect((await getOne(a.api, form.id)).name).toBe('Anon update');
  });
});

describe('GET /api/PaymentForm/GetAll', () => {
  it("lists the church's forms newest first with the list's fields, and searches name and bank", async () => {
    const c = await church();
    const first = await create(c, { name: 'Harvest Appeal' });
    const second = await create(c, { name: 'Building Pledges', bankCode: '057', accountNumber: '1234567890' });
    const res = await c.api.get(GET_ALL);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: second.id, name: 'Building Pledges', bank: 'Zenith Bank', bankID: 34, date: second.date, isActive: true },
      {
        id: first.id,
        name: 'Harvest Appeal',
        bank: 'Guaranty Trust Bank',
        bankID: 10,
        date: first.date,
        isActive: true,
      },
    ]);
    const byName = await c.api.get(`${GET_ALL}?search=harvest`);
    expect((byName.json() as Form[]).map((f) => f.id)).toEqual([first.id]);
    const byBank = await c.api.get(`${GET_ALL}?search=ZENITH`);
    expect((byBank.json() as Form[]).map((f) => f.id)).toEqual([second.id]);
    const wildcard = await c.api.get(`${GET_ALL}?search=${encodeURIComponent('%')}`);
    expect(wildcard.json()).toEqual([]);
    // another church's forms never show
    expect(((await b.api.get(GET_ALL)).json() as Form[]).some((f) => f.id === first.id)).toBe(false);
  });

  it('needs a session', async () => {
    expect((await client(h.app, null).get(GET_ALL)).statusCode).toBe(401);
  });
});

describe('DELETE /mobile/v1/PaymentForm/contributionItem', () => {
  it('removes a saved item row from its form and answers a truthy envelope', async () => {
    const form = await create(a, { name: 'Row delete' });
    const row = form.contributionItems[0]!;
    const res = await a.api.delete(`${DELETE_ITEM}?contributionItemID=${row.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      response: 'Contribution item deleted',
      returnObject: { id: row.id, paymentFormID: form.id },
    });
    const after = await getOne(a.api, form.id);
    expect(after.contributionItems.map((i) => i.id)).toEqual([form.contributionItems[1]!.id]);
    // the contribution item itself stays
    const items = (await a.api.get('/api/financials/contributions/items')).json() as { id: string }[];
    expect(items.some((i) => i.id === row.financialContributionID)).toBe(true);
    // a second time: nothing to delete
    expect((await a.api.delete(`${DELETE_ITEM}?contributionItemID=${row.id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another church's row, 400 for a bad id, 401 without a session", async () => {
    const form = await create(b, { name: 'Their rows' });
    const row = form.contributionItems[0]!.id;
    expect((await a.api.delete(`${DELETE_ITEM}?contributionItemID=${row}`)).statusCode).toBe(404);
    expect((await client(h.app, null).delete(`${DELETE_ITEM}?contributionItemID=${row}`)).statusCode).toBe(401);
    expectBadRequest(await a.api.delete(`${DELETE_ITEM}?contributionItemID=x`), 'contributionItemID');
    expect(await getOne(b.api, form.id)).toEqual(form);
  });
});

describe('DELETE /api/PaymentForm/Delete', () => {
  it('deletes a form without payments, with its rows', async () => {
    const c = await church();
    const form = await create(c, {
      paymentGateWays: [{ paymentGateWayID: 1 }, { paymentGateWayID: 2, subAccountID: subaccount }],
    });
    const res = await c.api.delete(`${DELETE}?paymentFormID=${form.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      response: 'Payment form deleted',
      returnObject: { id: form.id, deleted: true, deactivated: false },
    });
    expect((await c.api.get(`${GET_ONE}?paymentFormID=${form.id}`)).statusCode).toBe(404);
    expect(await rowCounts(c)).toEqual({ forms: 0, items: 0, gateways: 0 });
  });

  it('deactivates a form with payments instead, keeping the payments', async () => {
    const c = await church();
    const form = await create(c);
    await h.database.db.execute(
      sql`insert into payments (tenant_id, reference, provider, purpose, payment_form_id, amount_minor, currency_code, status)
          values (${c.tenantId}, ${`STW-TEST-${form.id}`}, 'paystack', 'donation', ${form.id}, 500000, 'NGN', 'succeeded')`,
    );
    const res = await c.api.delete(`${DELETE}?paymentFormID=${form.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      response: 'Payment form deactivated: it has payments, so it is kept with its history',
      returnObject: { id: form.id, deleted: false, deactivated: true },
    });
    const after = await getOne(c.api, form.id);
    expect(after).toEqual({ ...form, isActive: false });
    expect(await countRows(h.database, 'payments', c.tenantId)).toBe(1);
  });

  it("answers 404 for another church's form (which stays), 400 for a bad id, 401 without a session", async () => {
    const theirs = await create(b, { name: 'Not yours' });
    expect((await a.api.delete(`${DELETE}?paymentFormID=${theirs.id}`)).statusCode).toBe(404);
    expect((await client(h.app, null).delete(`${DELETE}?paymentFormID=${theirs.id}`)).statusCode).toBe(401);
    expectBadRequest(await a.api.delete(`${DELETE}?paymentFormID=1`), 'paymentFormID');
    expect(await getOne(b.api, theirs.id)).toEqual(theirs);
  });
});

describe('GET /api/Financials/ResolveAccount', () => {
  it('refuses a bank the church cannot use or a malformed number with a 400 naming the field', async () => {
    expectBadRequest(await a.api.get(`${RESOLVE}?accountNumber=0123456789&bankCode=999`), 'bankCode');
    expectBadRequest(await a.api.get(`${RESOLVE}?accountNumber=0123456789&bankCode=040100`), 'bankCode');
    expectBadRequest(await a.api.get(`${RESOLVE}?accountNumber=01234abc&bankCode=058`), 'accountNumber');
    expectBadRequest(await a.api.get(`${RESOLVE}?accountNumber=&bankCode=058`), 'accountNumber');
    expectBadRequest(await a.api.get(`${RESOLVE}?bankCode=058`), 'accountNumber');
    expectBadRequest(await a.api.get(`${RESOLVE}?accountNumber=0123456789`), 'bankCode');
  });

  it('answers a clear 503 when neither provider can be reached', async () => {
    sandbox.failNext(503, { count: 2 });
    const res = await a.api.get(`${RESOLVE}?accountNumber=0123456789&bankCode=058`);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      status: false,
      response:
        'Neither Paystack nor FlutterWave is available right now to check the account name. Please try again in a few minutes.',
      returnObject: null,
    });
  });

  it('needs a session', async () => {
    expect((await client(h.app, null).get(`${RESOLVE}?accountNumber=0123456789&bankCode=058`)).statusCode).toBe(401);
  });
});

describe('GET /api/PaymentForm/subaccounts', () => {
  it('answers a clear 503 when Flutterwave is down', async () => {
    for (const url of [SUBACCOUNTS, `${SUBACCOUNTS}?accountNumber=0123456789`]) {
      sandbox.failNext(503, { provider: 'flutterwave' });
      const res = await a.api.get(url);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        status: false,
        response: 'FlutterWave is not available right now to list the subaccounts. Please try again in a few minutes.',
        returnObject: null,
      });
    }
  });

  it('refuses a malformed account number and needs a session', async () => {
    expectBadRequest(await a.api.get(`${SUBACCOUNTS}?accountNumber=abc`), 'accountNumber');
    expect((await client(h.app, null).get(SUBACCOUNTS)).statusCode).toBe(401);
  });
});

/** A fresh 10-digit account number the sandbox resolves (it refuses those ending in 0000). */
const freshAccount = () => `${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}7`;

describe('GET /api/Financials/ResolveAccount through the providers', () => {
  it('answers the account name Paystack gives', async () => {
    const res = await a.api.get(`${RESOLVE}?accountNumber=0123456789&bankCode=058`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      response: 'Account Check Successful',
      accountName: 'GRACE CHAPEL INTERNATIONAL',
      returnObject: {
        accountName: 'GRACE CHAPEL INTERNATIONAL',
        accountNumber: '0123456789',
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        provider: 'paystack',
      },
    });
  });

  it('asks FlutterWave when Paystack is down or refuses the key', async () => {
    for (const status of [503, 401]) {
      sandbox.failNext(status, { provider: 'paystack' });
      const res = await a.api.get(`${RESOLVE}?accountNumber=0690000032&bankCode=044`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        accountName: 'PASTOR BRIGHT',
        returnObject: { bankName: 'Access Bank', provider: 'flutterwave' },
      });
    }
  });

  it("answers a 400 naming accountNumber with the provider's message, without asking the other", async () => {
    const res = await a.api.get(`${RESOLVE}?accountNumber=0123450000&bankCode=058`);
    expectBadRequest(res, 'accountNumber');
    expect((res.json() as { response: string }).response).toBe(
      'accountNumber: Could not resolve account name. Check parameters or try again.',
    );
  });

  it('answers a clear 503 when both providers refuse the keys', async () => {
    sandbox.failNext(401, { count: 2 });
    const res = await a.api.get(`${RESOLVE}?accountNumber=0123456789&bankCode=058`);
    expect(res.statusCode, res.body).toBe(503);
    expect((res.json() as { status: boolean }).status).toBe(false);
  });

  it('allows 30 checks a minute per church, then answers 429', async () => {
    const c = await church();
    for (let i = 0; i < 30; i++) {
      const res = await c.api.get(`${RESOLVE}?accountNumber=0123456789&bankCode=058`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await c.api.get(`${RESOLVE}?accountNumber=0123456789&bankCode=058`);
    expect(over.statusCode, over.body).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.json()).toEqual({ message: 'Too many account checks, please wait a minute and try again' });
    // another church has its own allowance
    expect((await b.api.get(`${RESOLVE}?accountNumber=0123456789&bankCode=058`)).statusCode).toBe(200);
  });
});

describe('FlutterWave subaccounts', () => {
  const flutterwaveOnly = [
    { paymentGateWayID: 1, subAccountID: null, updateId: null },
    { paymentGateWayID: 2, subAccountID: null, updateId: null },
  ];

  it('creates the subaccount of a form saved with FlutterWave and no subAccountID, and lists it', async () => {
    const c = await church();
    const other = await church();
    const account = freshAccount();
    const form = await create(c, { accountNumber: account, paymentGateWays: flutterwaveOnly });
    const flutterwave = form.paymentGateWays.find((g) => g.paymentGateWayID === 2)!;
    expect(flutterwave.subAccountID).toMatch(/^RS_/);
    expect(form.paymentGateWays.find((g) => g.paymentGateWayID === 1)!.subAccountID).toBeNull();

    const me = (await c.api.get('/api/Membership/GetCurrentSignedInUser')).json() as { churchName: string };
    const expected = {
      subaccount_id: flutterwave.subAccountID,
      account_number: account,
      account_bank: '058',
      business_name: me.churchName,
      bank_name: 'Guaranty Trust Bank',
      meta: [{ meta_name: 'business_name', meta_value: me.churchName }],
    };
    const byNumber = await c.api.get(`${SUBACCOUNTS}?accountNumber=${account}`);
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect(byNumber.json()).toEqual([expected]);
    const mine = await c.api.get(SUBACCOUNTS);
    expect(mine.json()).toEqual([expected]);
    // another church sees none of it unless it asks for that account number
    expect((await other.api.get(SUBACCOUNTS)).json()).toEqual([]);
    expect((await other.api.get(`${SUBACCOUNTS}?accountNumber=${freshAccount()}`)).json()).toEqual([]);
  });

  it('uses the subaccount Flutterwave already holds for the same account', async () => {
    const c = await church();
    const account = freshAccount();
    const first = await create(c, { name: 'First', accountNumber: account, paymentGateWays: flutterwaveOnly });
    const second = await create(c, { name: 'Second', accountNumber: account, paymentGateWays: flutterwaveOnly });
    const sub = (f: Form) => f.paymentGateWays.find((g) => g.paymentGateWayID === 2)!.subAccountID;
    expect(sub(second)).toBe(sub(first));
  });

  it('keeps the subaccount while the account stays, and makes a new one when it changes', async () => {
    const c = await church();
    const form = await create(c, { accountNumber: freshAccount(), paymentGateWays: flutterwaveOnly });
    const sub = (f: Form) => f.paymentGateWays.find((g) => g.paymentGateWayID === 2)!.subAccountID;
    const body = (f: Form, extra: Record<string, unknown> = {}) => ({
      id: f.id,
      name: f.name,
      bankCode: f.bankCode,
      accountNumber: f.accountNumber,
      accountName: f.accountName,
      isActive: f.isActive,
      contributionItems: f.contributionItems.map((i) => ({ financialContributionID: i.financialContributionID })),
      paymentGateWays: f.paymentGateWays.map((g) => ({
        paymentGateWayID: g.paymentGateWayID,
        subAccountID: g.subAccountID,
        updateId: g.updateId,
      })),
      removeContributionIDs: [],
      removePaymentGatewayIDs: [],
      ...extra,
    });
    const same = await c.api.put(UPDATE, body(form, { name: 'Renamed' }));
    expect(same.statusCode, same.body).toBe(200);
    const renamed = (same.json() as { returnObject: Form }).returnObject;
    expect(sub(renamed)).toBe(sub(form));
    // the existing client sends the stored subaccount back: on another account it no longer applies
    const moved = await c.api.put(UPDATE, body(renamed, { accountNumber: freshAccount(), bankCode: '057' }));
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (moved.json() as { returnObject: Form }).returnObject;
    expect(after.bank).toBe('Zenith Bank');
    expect(sub(after)).toMatch(/^RS_/);
    expect(sub(after)).not.toBe(sub(form));
    const listed = (await c.api.get(`${SUBACCOUNTS}?accountNumber=${after.accountNumber}`)).json() as {
      subaccount_id: string;
      account_bank: string;
    }[];
    expect(listed).toEqual([expect.objectContaining({ subaccount_id: sub(after), account_bank: '057' })]);
  });

  it('refuses an account Flutterwave does not accept with a 400 naming accountNumber and writes nothing', async () => {
    const before = await rowCounts(a);
    const res = await a.api.post(
      CREATE,
      formBody(a, { accountNumber: '0123450000', paymentGateWays: flutterwaveOnly }),
    );
    expectBadRequest(res, 'accountNumber');
    expect((res.json() as { response: string }).response).toBe(
      'accountNumber: Sorry, that account number is invalid, please check and try again',
    );
    expect(await rowCounts(a)).toEqual(before);
  });
});
