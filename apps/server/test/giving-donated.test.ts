import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { completeCheckout } from '../src/modules/payments/sandbox/checkout-driver.ts';
import {
  entriesOfPayment,
  givingChurch,
  initialise,
  paymentRow,
  publicApi,
  startGivingHarness,
  type GivingChurch,
  type GivingHarness,
} from './giving-donations-support.ts';

/**
 * POST /donated?paymentType=0|1 (existing-client-api §3.4, the existing client's `/pay` page):
 * Steward takes the page's word for nothing. It asks the provider (the real adapters against the
 * local sandbox), accepts only a success of the claimed amount and currency for this church, and
 * settles it through the one settlement path, once; anything else is a 400 naming the field with
 * nothing written, an unreachable provider a 503.
 */

let h: GivingHarness;
let a: GivingChurch;
let b: GivingChurch;
beforeAll(async () => {
  h = await startGivingHarness();
  a = await givingChurch(h.app);
  b = await givingChurch(h.app);
  // church B's form settles to its own account (and so its own Flutterwave subaccount)
  const res = await b.api.put('/api/PaymentForm/update', {
    id: b.formId,
    name: 'Sunday Giving',
    bankCode: '058',
    accountName: 'ANOTHER CHURCH',
    accountNumber: '0234567891',
    isActive: true,
    contributionItems: [],
    paymentGateWays: [{ paymentGateWayID: 2, subAccountID: null, updateId: null }],
    removeContributionIDs: [],
    removePaymentGatewayIDs: [],
  });
  expect(res.statusCode, res.body).toBe(200);
}, 120_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.sandbox.idle();
  // the provider's webhooks are held: /donated is the call that settles in these tests
  h.webhooks.hold = true;
  h.webhooks.held = [];
});

/** The /pay page's initialise body (existing-client-api §3.4): NGN 1,500.50 over two items. */
const payBody = (c: GivingChurch, gateway: 'paystack' | 'flutterwave') => ({
  email: 'chidi@example.com',
  amount: 1500.5,
  currencyId: 566,
  contributionItems: [
    { contributionItemId: c.offering, amount: 1000.5 },
    { contributionItemId: c.tithe, amount: 500 },
  ],
  gateway,
  orderId: crypto.randomUUID(),
  tenantId: c.tenantId,
});

/** What the page posts after the callback: the same body, Paystack's amount*100 and trxref, or Flutterwave's transaction_id. */
function donatedBody(c: GivingChurch, gateway: 'paystack' | 'flutterwave', transactionReference: string | number) {
  const body = payBody(c, gateway);
  return { ...body, amount: gateway === 'paystack' ? body.amount * 100 : body.amount, transactionReference };
}

const postDonated = (paymentType: string, body: Record<string, unknown>) =>
  publicApi(h.app).post(`/donated?paymentType=${paymentType}`, body);

/** Starts a gift through Steward and pays (or fails) it at the sandbox's checkout; answers the callback's query. */
async function paid(c: GivingChurch, gateway: 'paystack' | 'flutterwave', choice: 'success' | 'failed' = 'success') {
  const init = await initialise(h.app, payBody(c, gateway));
  const done = await completeCheckout(init.authorizationUrl, choice);
  await h.sandbox.idle();
  const q = new URL(done.redirectTo!).searchParams;
  return { reference: init.reference, trxref: q.get('trxref'), transactionId: q.get('transaction_id') };
}

/** What /donated may write: payments, their items and journal entries (all churches). */
const counts = async () =>
  (
    await queryRows<{ p: number; i: number; e: number }>(
      h.database.db,
      sql`select (select count(*)::int from payments) as p, (select count(*)::int from payment_items) as i,
                 (select count(*)::int from journal_entries) as e`,
    )
  )[0]!;

/** Expects a 400 naming `field` and nothing written. */
async function refused(paymentType: string, body: Record<string, unknown>, field: string) {
  const before = await counts();
  const res = await postDonated(paymentType, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.body).toContain(field);
  expect(await counts()).toEqual(before);
  return res;
}

describe('POST /donated: a verified success is settled once', () => {
  it('Paystack (paymentType 0, amount*100, trxref): posts the gift, a replay answers the same and posts nothing', async () => {
    const gift = await paid(a, 'paystack');
    expect((await paymentRow(h.database, gift.reference))!.status).toBe('pending');
    const body = donatedBody(a, 'paystack', gift.trxref!);
    const first = await postDonated('0', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: true,
      returnObject: { reference: gift.reference, status: 'succeeded', amount: 1500.5, currency: 'NGN' },
    });
    // two items and the provider's fee
    expect(await entriesOfPayment(h.database, a.tenantId, gift.reference)).toHaveLength(3);
    const before = await counts();
    const replays = await Promise.all(Array.from({ length: 5 }, () => postDonated('0', body)));
    for (const r of replays) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ status: true, returnObject: { reference: gift.reference } });
    }
    expect(await counts()).toEqual(before);
    expect((await paymentRow(h.database, gift.reference))!.status).toBe('succeeded');
  });

  it('Flutterwave (paymentType 1, transaction_id as a number): posts once, a replay answers the same', async () => {
    const gift = await paid(a, 'flutterwave');
    const body = donatedBody(a, 'flutterwave', Number(gift.transactionId));
    const first = await postDonated('1', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: true,
      returnObject: { reference: gift.reference, status: 'succeeded' },
    });
    expect(await entriesOfPayment(h.database, a.tenantId, gift.reference)).toHaveLength(3);
    const before = await counts();
    const again = await postDonated('1', body);
    expect(again.json()).toMatchObject({ status: true, returnObject: { reference: gift.reference } });
    expect(await counts()).toEqual(before);
  });

  it('the webhook that arrives later changes nothing', async () => {
    const gift = await paid(a, 'paystack');
    expect((await postDonated('0', donatedBody(a, 'paystack', gift.trxref!))).statusCode).toBe(200);
    const before = await counts();
    h.webhooks.hold = false;
    for (const w of h.webhooks.held) {
      const res = await h.app.inject({
        method: 'POST',
        url: new URL(w.url).pathname,
        headers: w.headers,
        payload: w.body,
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await counts()).toEqual(before);
  });
});

/**
 * Gives church `c`'s form a Paystack settlement subaccount made on the sandbox. Paystack is seeded
 * with `isSubAccountSupported = false` (the form keeps no Paystack subaccount whatever is sent), so
 * the row is set as an operator does after flipping that flag, without touching the shared flag.
 */
async function paystackSubaccountOf(c: GivingChurch, accountNumber: string): Promise<string> {
  const sub = await h.payments.providers.paystack.createSubaccount({
    businessName: 'Church ' + accountNumber,
    bankCode: '058',
    accountNumber,
    percentageCharge: 0,
  });
  await queryRows(
    h.database.db,
    sql`update payment_form_gateways set sub_account_id = ${sub.id}
        where tenant_id = ${c.tenantId} and payment_form_id = ${c.formId} and payment_gateway_id = 1`,
  );
  return sub.id;
}

/** A gift made in Paystack's own popup (Steward never initialised it), split to `subaccountId`; answers its reference. */
async function paystackPopupGift(subaccountId: string): Promise<string> {
  const reference = `T${crypto.randomUUID().replace(/-/g, '').slice(0, 15)}`;
  const started = await h.payments.providers.paystack.initialize({
    reference,
    amountMinor: 150050n,
    currency: 'NGN',
    email: 'chidi@example.com',
    callbackUrl: 'https://give.grace.example/pay',
    subaccountId,
  });
  const done = await completeCheckout(started.authorizationUrl, 'success');
  await h.sandbox.idle();
  expect(new URL(done.redirectTo!).searchParams.get('trxref')).toBe(reference);
  return reference;
}

describe("POST /donated: a Paystack gift Steward did not start (the page's own popup)", () => {
  let subA: string;
  let subB: string;
  beforeAll(async () => {
    subA = await paystackSubaccountOf(a, '0123456789');
    subB = await paystackSubaccountOf(b, '0234567891');
  });

  it("to this church's subaccount: verify names it, the gift is recorded with its items and settled once", async () => {
    const verified = await h.payments.providers.paystack.verify(await paystackPopupGift(subA));
    expect(verified.subaccountId).toBe(subA);
    const reference = verified.reference;
    expect((await paymentRow(h.database, reference)) ?? null).toBeNull();
    const body = donatedBody(a, 'paystack', reference);
    const replays = await Promise.all(Array.from({ length: 4 }, () => postDonated('0', body)));
    for (const r of replays) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({
        status: true,
        returnObject: { reference, status: 'succeeded', amount: 1500.5, currency: 'NGN' },
      });
    }
    const row = (await paymentRow(h.database, reference))!;
    expect(row).toMatchObject({ status: 'succeeded', tenant_id: a.tenantId, amount_minor: '150050' });
    const items = await queryRows<{ item: string; amount: string }>(
      h.database.db,
      sql`select i.contribution_item_id as item, i.amount_minor::text as amount
          from payment_items i join payments p on p.tenant_id = i.tenant_id and p.id = i.payment_id
          where p.reference = ${reference} order by i.amount_minor desc`,
    );
    expect(items).toEqual([
      { item: a.offering, amount: '100050' },
      { item: a.tithe, amount: '50000' },
    ]);
    // two items and the provider's fee, posted once over five calls
    expect(await entriesOfPayment(h.database, a.tenantId, reference)).toHaveLength(3);
    const before = await counts();
    expect((await postDonated('0', body)).statusCode).toBe(200);
    expect(await counts()).toEqual(before);
  });

  it("to another church's subaccount: 400 transactionReference, nothing written", async () => {
    const reference = await paystackPopupGift(subB);
    const res = await refused('0', donatedBody(a, 'paystack', reference), 'transactionReference');
    expect(res.json().response).toMatch(/not made to this church's account/);
    expect((await paymentRow(h.database, reference)) ?? null).toBeNull();
  });

  it('split to no subaccount: 400 transactionReference, nothing written', async () => {
    const reference = `T${crypto.randomUUID().replace(/-/g, '').slice(0, 15)}`;
    const started = await h.payments.providers.paystack.initialize({
      reference,
      amountMinor: 150050n,
      currency: 'NGN',
      email: 'chidi@example.com',
      callbackUrl: 'https://give.grace.example/pay',
    });
    await completeCheckout(started.authorizationUrl, 'success');
    await h.sandbox.idle();
    expect((await h.payments.providers.paystack.verify(reference)).subaccountId).toBeNull();
    const res = await refused('0', donatedBody(a, 'paystack', reference), 'transactionReference');
    expect(res.json().response).toMatch(/does not say which account/);
  });

  it("Flutterwave's verify names no subaccount: its popup gift is refused even to this church's own subaccount", async () => {
    const [sub] = await queryRows<{ s: string }>(
      h.database.db,
      sql`select g.sub_account_id as s from payment_form_gateways g
          where g.tenant_id = ${a.tenantId} and g.payment_form_id = ${a.formId} and g.payment_gateway_id = 2`,
    );
    const reference = crypto.randomUUID();
    const started = await h.payments.providers.flutterwave.initialize({
      reference,
      amountMinor: 150050n,
      currency: 'NGN',
      email: 'chidi@example.com',
      callbackUrl: 'https://give.grace.example/pay',
      subaccountId: sub!.s,
    });
    const done = await completeCheckout(started.authorizationUrl, 'success');
    await h.sandbox.idle();
    const transactionId = new URL(done.redirectTo!).searchParams.get('transaction_id')!;
    const res = await refused('1', donatedBody(a, 'flutterwave', transactionId), 'transactionReference');
    expect(res.json().response).toMatch(/does not say which account this payment settled to/);
    expect((await paymentRow(h.database, reference)) ?? null).toBeNull();
  });
});

describe('POST /donated: anything else is refused, nothing written', () => {
  it('a wrong amount (Paystack and Flutterwave) and items that do not add up', async () => {
    const ps = await paid(a, 'paystack');
    await refused(
      '0',
      {
        ...donatedBody(a, 'paystack', ps.trxref!),
        amount: 150050 - 100,
        contributionItems: [
          { contributionItemId: a.offering, amount: 999.5 },
          { contributionItemId: a.tithe, amount: 500 },
        ],
      },
      'amount',
    );
    await refused('0', { ...donatedBody(a, 'paystack', ps.trxref!), amount: 150050 + 100 }, 'contributionItems');
    const fw = await paid(a, 'flutterwave');
    await refused(
      '1',
      {
        ...donatedBody(a, 'flutterwave', fw.transactionId!),
        amount: 1500,
        contributionItems: [
          { contributionItemId: a.offering, amount: 1000 },
          { contributionItemId: a.tithe, amount: 500 },
        ],
      },
      'amount',
    );
    expect((await paymentRow(h.database, ps.reference))!.status).toBe('pending');
    expect((await paymentRow(h.database, fw.reference))!.status).toBe('pending');
  });

  it("another church's payment: claimed by church B it is refused", async () => {
    const ps = await paid(a, 'paystack');
    const body = { ...donatedBody(b, 'paystack', ps.trxref!) };
    const res = await refused('0', body, 'transactionReference');
    expect(res.json().response).toMatch(/another church/);
    expect((await paymentRow(h.database, ps.reference))!.status).toBe('pending');
  });

  it("a transaction paid to another church's subaccount (made in the provider's popup) is refused", async () => {
    const [sub] = await queryRows<{ s: string }>(
      h.database.db,
      sql`select g.sub_account_id as s from payment_form_gateways g
          where g.tenant_id = ${a.tenantId} and g.payment_form_id = ${a.formId} and g.payment_gateway_id = 2`,
    );
    expect(sub?.s).toMatch(/^RS_/);
    // the page's own popup: a reference Steward never made, settling to church A's subaccount
    const reference = crypto.randomUUID();
    const started = await h.payments.providers.flutterwave.initialize({
      reference,
      amountMinor: 150050n,
      currency: 'NGN',
      email: 'chidi@example.com',
      callbackUrl: 'https://give.grace.example/pay',
      subaccountId: sub!.s,
    });
    const done = await completeCheckout(started.authorizationUrl, 'success');
    const transactionId = new URL(done.redirectTo!).searchParams.get('transaction_id')!;
    await refused('1', donatedBody(b, 'flutterwave', transactionId), 'transactionReference');
    expect((await paymentRow(h.database, reference)) ?? null).toBeNull();
  });

  it('an unknown reference or transaction id', async () => {
    await refused('0', donatedBody(a, 'paystack', 'no-such-reference'), 'transactionReference');
    await refused('1', donatedBody(a, 'flutterwave', 987654321), 'transactionReference');
  });

  it('a failed payment', async () => {
    const ps = await paid(a, 'paystack', 'failed');
    const res = await refused('0', donatedBody(a, 'paystack', ps.trxref!), 'transactionReference');
    expect(res.json().response).toMatch(/failed/);
    const fw = await paid(a, 'flutterwave', 'failed');
    await refused('1', donatedBody(a, 'flutterwave', fw.transactionId!), 'transactionReference');
  });

  it('a bad query or body', async () => {
    const ps = await paid(a, 'paystack');
    await refused('2', donatedBody(a, 'paystack', ps.trxref!), 'paymentType');
    const { transactionReference: _omit, ...noReference } = donatedBody(a, 'paystack', ps.trxref!);
    await refused('0', noReference, 'transactionReference');
    await refused('0', { ...donatedBody(a, 'paystack', ps.trxref!), amount: 150050.5 }, 'amount');
    await refused('0', { ...donatedBody(a, 'paystack', ps.trxref!), currencyId: 840 }, 'currencyId');
    await refused('0', { ...donatedBody(a, 'paystack', ps.trxref!), tenantId: crypto.randomUUID() }, 'tenantId');
    // a Paystack reference sent as a Flutterwave transaction
    await refused('1', donatedBody(a, 'flutterwave', ps.trxref!), 'transactionReference');
  });
});

describe('POST /donated: the provider cannot be asked', () => {
  it('answers 503 and writes nothing', async () => {
    const ps = await paid(a, 'paystack');
    const before = await counts();
    h.sandbox.failNext(503, { provider: 'paystack' });
    const res = await postDonated('0', donatedBody(a, 'paystack', ps.trxref!));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ status: false });
    expect(await counts()).toEqual(before);
    expect((await postDonated('0', donatedBody(a, 'paystack', ps.trxref!))).statusCode).toBe(200);
  });
});
