import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, countRows, trialBalance } from './helpers.ts';
import { acc, expectBadRequest } from './fixtures.ts';
import {
  PUBLIC_URL,
  confirmFromRedirect,
  entriesOfPayment,
  giftBody,
  givingChurch,
  initialise,
  pay,
  paymentRow,
  publicApi,
  startGivingHarness,
  systemBalance,
  type GivingChurch,
  type GivingHarness,
} from './giving-donations-support.ts';

/**
 * The public giving calls and settlement (issue 10 'Public pages', 'Every gift in the books
 * exactly once'; existing-client-api §3.3, §3.4): GET /give, POST /initailizedonationpayment,
 * the provider's hosted checkout (the sandbox's, through the real adapters), the payer's return
 * (ConfirmDonationPayment), the client's poll (PaystackTransactionCheck) and the signed webhooks;
 * the posting (clearing account, remittance splits, fee) and the admin lists.
 */

let h: GivingHarness;
let a: GivingChurch;
let b: GivingChurch;
beforeAll(async () => {
  h = await startGivingHarness();
  a = await givingChurch(h.app);
  b = await givingChurch(h.app);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const paymentCount = (c: GivingChurch) => countRows(h.database, 'payments', c.tenantId);

describe('GET /give?paymentFormID= (root path)', () => {
  it("answers the form as the existing client reads it, with the church's currency and a fresh orderId", async () => {
    const res = await publicApi(h.app).get(`/give?paymentFormID=${a.formId}`);
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json();
    expect(form).toMatchObject({
      id: a.formId,
      name: 'Sunday Giving',
      tenantID: a.tenantId,
      churchLogo: null,
      address: null,
      currencyId: 566,
      currency: 'NGN',
      currencyDecimals: 2,
      merchantId: null,
      isPaymentConnected: false,
      paymentConnectedObject: null,
    });
    expect(form.churchName).toMatch(/^Test Church/);
    expect(form.orderId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      form.contributionItems.map(
        (i: { financialContribution: { id: string; name: string } }) => i.financialContribution,
      ),
    ).toEqual([
      { id: a.offering, name: 'Sunday Offering' },
      { id: a.tithe, name: 'Tithe' },
    ]);
    expect(form.paymentGateWays.map((g: { paymentGateway: { name: string } }) => g.paymentGateway.name)).toEqual([
      'Paystack',
      'FlutterWave',
    ]);
    const flutterwave = form.paymentGateWays[1];
    expect(flutterwave.subAccountID).toMatch(/^RS_/);
    const again = (await publicApi(h.app).get(`/give?paymentFormID=${a.formId}`)).json();
    expect(again.orderId).not.toBe(form.orderId);
  });

  it('answers 404 for an unknown form and for an inactive one; 400 naming paymentFormID for a malformed id', async () => {
    expect((await publicApi(h.app).get(`/give?paymentFormID=${crypto.randomUUID()}`)).statusCode).toBe(404);
    expectBadRequest(await publicApi(h.app).get('/give?paymentFormID=nope'), 'paymentFormID');
    const c = await givingChurch(h.app);
    const off = await c.api.put('/api/PaymentForm/update', {
      id: c.formId,
      name: 'Sunday Giving',
      isActive: false,
      contributionItems: [{ financialContributionID: c.offering }],
      paymentGateWays: [],
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'GRACE CHAPEL INTERNATIONAL',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await publicApi(h.app).get(`/give?paymentFormID=${c.formId}`)).statusCode).toBe(404);
  });

  it('answers JSON to an API request and leaves a browser navigation to the web app', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/give?paymentFormID=${a.formId}`,
      headers: { accept: 'application/json, text/plain, */*' },
    });
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('POST /initailizedonationpayment and the Paystack checkout', () => {
  it('writes a pending payment, answers the checkout, and posts the gift once when the payer pays', async () => {
    const before = await trialBalance(h.database, a.tenantId);
    expect(Object.values(before).every((v) => v === 0n)).toBe(true);
    const init = await initialise(h.app, giftBody(a));
    expect(init.reference).toMatch(/^STW-[0-9A-F]{24}$/);
    expect(init.body).toMatchObject({
      status: true,
      response: 'Payment initialised',
      transactionReference: init.reference,
      initializePaymentResponseDTO: {
        status: true,
        data: { authorization_url: init.authorizationUrl, reference: init.reference },
      },
      returnObject: {
        reference: init.reference,
        provider: 'paystack',
        paymentFormId: a.formId,
        amount: 1500.5,
        currency: 'NGN',
      },
    });
    expect(init.authorizationUrl.startsWith(h.sandbox.url)).toBe(true);
    expect(h.sandbox.transaction('paystack', init.reference)).toMatchObject({ amountMinor: 150050n, currency: 'NGN' });
    expect(await paymentRow(h.database, init.reference)).toMatchObject({ status: 'pending', amount_minor: '150050' });

    const poll = await publicApi(h.app).post(`/PaystackTransactionCheck?reference=${init.reference}`);
    expect(poll.statusCode, poll.body).toBe(200);
    expect(poll.json()).toMatchObject({ status: 1, transactionReference: init.reference, response: 'Pending' });

    h.sandbox.setWebhookMode('none');
    const checkout = await pay(h, init, 'success');
    h.sandbox.setWebhookMode('once');
    expect(checkout.redirectTo).toBe(
      `${PUBLIC_URL}/give/${a.formId}/thanks?provider=paystack&trxref=${init.reference}&reference=${init.reference}`,
    );
    const confirmed = await confirmFromRedirect(h.app, checkout.redirectTo!);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: true,
      response: 'Thank you! Your gift was received',
      returnObject: {
        reference: init.reference,
        status: 'succeeded',
        providerStatus: 'success',
        provider: 'paystack',
        paymentGatewayName: 'Paystack',
        paymentFormId: a.formId,
        amount: 1500.5,
        currency: 'NGN',
        items: [
          { name: 'Sunday Offering', amount: 1000.5 },
          { name: 'Tithe', amount: 500 },
        ],
      },
    });
    const row = (await paymentRow(h.database, init.reference))!;
    const fee = BigInt(row!.fee_minor!);
    expect(fee).toBe(h.sandbox.transaction('paystack', init.reference)!.feeMinor);
    expect(fee > 0n).toBe(true);

    // one entry per item and one for the fee
    const entries = await entriesOfPayment(h.database, a.tenantId, init.reference);
    expect(entries).toHaveLength(3);
    expect(await systemBalance(h.database, a.tenantId, 'paystack_clearing')).toBe(150050n - fee);
    expect(await systemBalance(h.database, a.tenantId, 'payment_fees')).toBe(fee);
    const balance = async (name: string) => {
      const [r] = await queryRows<{ t: string | null }>(
        h.database.db,
        sql`select sum(amount_minor)::text as t from journal_lines where tenant_id = ${a.tenantId} and account_id = ${acc(a.accounts, name).id}`,
      );
      return BigInt(r?.t ?? '0');
    };
    // Sunday Offering 1000.50: 10% (100.05) remitted to Thanksgiving income
    expect(await balance('Offering')).toBe(-90045n);
    expect(await balance('Thanksgiving')).toBe(-10005n);
    expect(await balance('Tithe')).toBe(-50000n);
    expect(await balance('Cash')).toBe(0n);
    expect(Object.values(await trialBalance(h.database, a.tenantId)).every((v) => v === 0n)).toBe(true);

    // replays of every path post nothing more
    expect((await confirmFromRedirect(h.app, checkout.redirectTo!)).json().status).toBe(true);
    const done = await publicApi(h.app).post(`/PaystackTransactionCheck?reference=${init.reference}`);
    expect(done.json()).toMatchObject({ status: 0, response: 'Success', returnObject: { status: 'succeeded' } });
    expect(await entriesOfPayment(h.database, a.tenantId, init.reference)).toHaveLength(3);

    // the donation list shows each item, with the payer and the provider
    const list = await a.api.get('/api/Financials/Donation/Transactions?page=1');
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json() as { data: Record<string, unknown>[]; totalItems: number };
    expect(page.totalItems).toBe(2);
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(page.data.map((d) => [d.contribution, d.amount])).toEqual(
      expect.arrayContaining([
        ['Sunday Offering', 1000.5],
        ['Tithe', 500],
      ]),
    );
    for (const d of page.data) {
      expect(d).toMatchObject({
        date: iso,
        eventDate: null,
        eventName: null,
        donor: 'Chidi Okafor',
        currencyName: 'NGN',
        channel: 'Paystack',
        reference: init.reference,
      });
    }
    // and the offerings list does not
    const offerings = (await a.api.get('/api/Financials/Contributions/Transactions?page=1')).json() as {
      totalItems: number;
    };
    expect(offerings.totalItems).toBe(0);
  });
});

describe('POST /initailizedonationpayment: bad input', () => {
  const attempts: [string, (c: GivingChurch) => Record<string, unknown>, string][] = [
    ['a gateway that is not a provider', (c) => giftBody(c, { paymentGateway: 'Stripe' }), 'paymentGateway'],
    [
      'an item of another church',
      (c) => giftBody(c, { contributionItems: [{ contributionItemId: b.offering, amount: 100 }] }),
      'contributionItems.0.contributionItemId',
    ],
    [
      'an item of the church that is not on the form',
      (c) =>
        giftBody(c, {
          contributionItems: [
            { contributionItemId: c.tithe, amount: 100 },
            { contributionItemId: c.building, amount: 100 },
          ],
        }),
      'contributionItems.1.contributionItemId',
    ],
    [
      'an item given twice',
      (c) =>
        giftBody(c, {
          contributionItems: [
            { contributionItemId: c.tithe, amount: 100 },
            { contributionItemId: c.tithe, amount: 100 },
          ],
        }),
      'contributionItems.1.contributionItemId',
    ],
    [
      'more decimals than NGN allows',
      (c) => giftBody(c, { contributionItems: [{ contributionItemId: c.tithe, amount: '10.005' }] }),
      'contributionItems.0.amount',
    ],
    [
      'a negative amount',
      (c) => giftBody(c, { contributionItems: [{ contributionItemId: c.tithe, amount: -5 }] }),
      'contributionItems.0.amount',
    ],
    [
      'no amount above zero',
      (c) =>
        giftBody(c, {
          contributionItems: [
            { contributionItemId: c.tithe, amount: 0 },
            { contributionItemId: c.offering, amount: '' },
          ],
        }),
      'contributionItems',
    ],
    ['no item at all', (c) => giftBody(c, { contributionItems: [] }), 'contributionItems'],
    ['a currency other than the form\u2019s', (c) => giftBody(c, { currencyID: 840 }), 'currencyID'],
    ['no e-mail, not anonymous', (c) => giftBody(c, { email: '' }), 'email'],
    ['a malformed e-mail', (c) => giftBody(c, { email: 'not-an-address' }), 'email'],
    ['no form and no church', (c) => giftBody(c, { paymentFormId: null, tenantID: null }), 'paymentFormId'],
  ];
  for (const [what, body, field] of attempts) {
    it(`answers 400 naming ${field} for ${what}, and writes nothing`, async () => {
      const before = await paymentCount(a);
      const res = await publicApi(h.app).post('/initailizedonationpayment', body(a));
      expectBadRequest(res, field);
      expect(res.json().status).toBe(false);
      expect(await paymentCount(a)).toBe(before);
    });
  }

  it('answers 404 for an unknown form, and for a form with another church\u2019s tenantID', async () => {
    const before = await paymentCount(a);
    const unknown = await publicApi(h.app).post(
      '/initailizedonationpayment',
      giftBody(a, { paymentFormId: crypto.randomUUID() }),
    );
    expect(unknown.statusCode).toBe(404);
    const foreign = await publicApi(h.app).post('/initailizedonationpayment', giftBody(a, { tenantID: b.tenantId }));
    expect(foreign.statusCode).toBe(404);
    expect(await paymentCount(a)).toBe(before);
    expect(await paymentCount(b)).toBe(0);
  });

  it('takes Paystack only for NGN (spec §5): a GHS church is told to choose Flutterwave, which works', async () => {
    const gh = await givingChurchGh();
    const res = await publicApi(h.app).post('/initailizedonationpayment', giftBody(gh, { currencyID: 936 }));
    expectBadRequest(res, 'paymentGateway');
    expect(res.json().response).toMatch(/NGN/);
    expect(await paymentCount(gh)).toBe(0);
    const init = await initialise(h.app, giftBody(gh, { currencyID: 936, paymentGateway: 'Flutterwave' }));
    expect(h.sandbox.transaction('flutterwave', init.reference)).toMatchObject({
      currency: 'GHS',
      amountMinor: 150050n,
    });
  });
});

/** A church of Ghana (GHS) with a form offering both gateways. */
async function givingChurchGh(): Promise<GivingChurch> {
  const c = await givingChurchIn({ countryCode: 'GH', currency: 'GHS' }, '130100', '1234567890123');
  return c;
}

async function givingChurchIn(overrides: Record<string, string>, bankCode: string, accountNumber: string) {
  const { signupChurch } = await import('./helpers.ts');
  const { accountsByName, createItem } = await import('./fixtures.ts');
  const s = await signupChurch(h.app, overrides);
  const api = client(h.app, s.token);
  const accounts = await accountsByName(api);
  const item = (name: string, income: string) =>
    createItem(api, {
      name,
      incomeAccountId: acc(accounts, income).id,
      cashAccountId: acc(accounts, 'Bank').id,
      incomeRemittance: null,
    });
  const offering = await item('Sunday Offering', 'Offering');
  const tithe = await item('Tithe', 'Tithe');
  const building = await item('Building Fund', 'Donations');
  const res = await api.post('/api/PaymentForm/newpaymentform', {
    name: 'Sunday Giving',
    bankCode,
    accountName: 'GRACE CHAPEL',
    accountNumber,
    isActive: true,
    contributionItems: [{ financialContributionID: offering }, { financialContributionID: tithe }],
    paymentGateWays: [
      { paymentGateWayID: 1, subAccountID: null, updateId: null },
      { paymentGateWayID: 2, subAccountID: null, updateId: null },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    tenantId: s.tenantId,
    token: s.token,
    api,
    accounts,
    offering,
    tithe,
    building,
    formId: res.json().id as string,
  };
}

describe('initialise is idempotent on orderID (DESIGN.md §1.7)', () => {
  it('answers a retry with the first payment and its checkout; another gift with the same orderID is a new payment', async () => {
    const body = giftBody(a);
    const first = await initialise(h.app, body);
    const count = await paymentCount(a);
    const again = await initialise(h.app, body);
    expect(again.reference).toBe(first.reference);
    expect(again.authorizationUrl).toBe(first.authorizationUrl);
    expect(await paymentCount(a)).toBe(count);
    const other = await initialise(h.app, {
      ...body,
      contributionItems: [{ contributionItemId: a.tithe, amount: 20 }],
    });
    expect(other.reference).not.toBe(first.reference);
    expect(await paymentCount(a)).toBe(count + 1);
  });

  it('makes one payment of ten identical requests sent at once', async () => {
    const body = giftBody(a);
    const count = await paymentCount(a);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => publicApi(h.app).post('/initailizedonationpayment', body)),
    );
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(answers.map((r) => r.json().transactionReference)).size).toBe(1);
    expect(await paymentCount(a)).toBe(count + 1);
  });

  it('makes a new payment when the first one failed', async () => {
    const body = giftBody(a);
    const first = await initialise(h.app, body);
    await pay(h, first, 'failed');
    const poll = await publicApi(h.app).post(`/PaystackTransactionCheck?reference=${first.reference}`);
    expect(poll.json()).toMatchObject({ status: 3, response: 'Failed', returnObject: { status: 'failed' } });
    const retry = await initialise(h.app, body);
    expect(retry.reference).not.toBe(first.reference);
  });
});

describe('the checkout link is stored once (giving_store_checkout, migrations 0023-0024)', () => {
  const store = async (tenantId: string, paymentId: string, url: string) =>
    (
      await queryRows<{ stored: boolean }>(
        h.database.db,
        sql`select giving_store_checkout(${tenantId}::uuid, ${paymentId}::uuid, ${url}) as stored`,
      )
    )[0]!.stored;
  const linkOf = async (paymentId: string) =>
    (
      await queryRows<{ url: string | null }>(
        h.database.db,
        sql`select authorization_url as url from payments where id = ${paymentId}`,
      )
    )[0]!.url;

  it('only on a pending payment of that church that has no link yet', async () => {
    const init = await initialise(h.app, giftBody(a));
    const row = (await paymentRow(h.database, init.reference))!;
    // it has its link: a second one is refused and the first stays
    expect(await store(a.tenantId, row.id, 'https://elsewhere.example/pay')).toBe(false);
    expect(await linkOf(row.id)).toBe(init.authorizationUrl);
    // without a link (as between the insert and the provider's answer): stored
    await queryRows(h.database.db, sql`update payments set authorization_url = null where id = ${row.id}`);
    expect(await store(b.tenantId, row.id, 'https://other-church.example/pay')).toBe(false);
    expect(await linkOf(row.id)).toBeNull();
    expect(await store(a.tenantId, row.id, 'https://checkout.example/pay')).toBe(true);
    expect(await linkOf(row.id)).toBe('https://checkout.example/pay');
    // a payment that ended is never given a link
    const failed = await initialise(h.app, giftBody(a));
    await pay(h, failed, 'failed');
    await publicApi(h.app).post(`/PaystackTransactionCheck?reference=${failed.reference}`);
    const failedRow = (await paymentRow(h.database, failed.reference))!;
    expect(failedRow.status).toBe('failed');
    await queryRows(h.database.db, sql`update payments set authorization_url = null where id = ${failedRow.id}`);
    expect(await store(a.tenantId, failedRow.id, 'https://checkout.example/late')).toBe(false);
    expect(await linkOf(failedRow.id)).toBeNull();
  });
});

describe('POST /initailizedonationpayment from the /pay page (existing-client-api §3.4)', () => {
  it("takes the /pay body (no form id: the church's active form offering the items and gateway)", async () => {
    const init = await initialise(h.app, {
      email: 'pay@example.com',
      amount: 700,
      currencyId: 566,
      contributionItems: [{ contributionItemId: a.tithe, amount: 700 }],
      gateway: 'paystack',
      orderId: crypto.randomUUID(),
      tenantId: a.tenantId,
    });
    expect(init.body).toMatchObject({ returnObject: { paymentFormId: a.formId, amount: 700, provider: 'paystack' } });
    // an item on none of the church's forms finds no form
    const none = await publicApi(h.app).post('/initailizedonationpayment', {
      email: 'pay@example.com',
      currencyId: 566,
      contributionItems: [{ contributionItemId: a.building, amount: 700 }],
      gateway: 'paystack',
      tenantId: a.tenantId,
    });
    expect(none.statusCode).toBe(404);
  });
});
