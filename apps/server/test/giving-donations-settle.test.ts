import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { countRows, trialBalance } from './helpers.ts';
import {
  confirmFromRedirect,
  deliver,
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
 * Every gift in the books exactly once (issue 10): whichever of the payer's return, the client's
 * poll and the providers' signed webhooks arrive, in any order, any number of times, at once,
 * a success verified with the provider posts once; a forged webhook changes nothing; a success
 * whose amount or currency differs is flagged, not posted; failures and abandoned checkouts are
 * recorded as such. Through the real adapters and the local provider sandbox.
 */

let h: GivingHarness;
let a: GivingChurch;
beforeAll(async () => {
  h = await startGivingHarness();
  a = await givingChurch(h.app);
}, 120_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.sandbox.idle();
  h.sandbox.setWebhookMode('once');
  h.webhooks.hold = false;
  h.webhooks.held = [];
});

const zeroTrialBalance = async (c: GivingChurch) =>
  expect(Object.values(await trialBalance(h.database, c.tenantId)).every((v) => v === 0n)).toBe(true);
const donationRows = (c: GivingChurch) =>
  queryRows<{ n: number }>(
    h.database.db,
    sql`select count(*)::int as n from offering_transactions where tenant_id = ${c.tenantId} and source = 'online'`,
  ).then((r) => r[0]!.n);

describe('exactly one posting', () => {
  it('posts once when the webhook is replayed 20 times at once with the payer\u2019s return and the poll', async () => {
    const init = await initialise(h.app, giftBody(a));
    h.webhooks.hold = true;
    const checkout = await pay(h, init, 'success');
    h.webhooks.hold = false;
    expect(h.webhooks.held).toHaveLength(1);
    const webhook = h.webhooks.held[0]!;
    const rowsBefore = await donationRows(a);
    const clearingBefore = await systemBalance(h.database, a.tenantId, 'paystack_clearing');
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => deliver(h.app, webhook)),
      confirmFromRedirect(h.app, checkout.redirectTo!),
      publicApi(h.app).post(`/PaystackTransactionCheck?reference=${init.reference}`),
      confirmFromRedirect(h.app, checkout.redirectTo!),
    ]);
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    expect(answers.slice(0, 20).every((r) => r.json().status === true)).toBe(true);
    expect(answers[20]!.json().status).toBe(true);
    expect(answers[21]!.json().status).toBe(0);
    const row = await paymentRow(h.database, init.reference);
    expect(row!.status).toBe('succeeded');
    // two items and the fee: three entries, two donation rows
    expect(await entriesOfPayment(h.database, a.tenantId, init.reference)).toHaveLength(3);
    expect(await donationRows(a)).toBe(rowsBefore + 2);
    const fee = BigInt(row!.fee_minor!);
    expect(await systemBalance(h.database, a.tenantId, 'paystack_clearing')).toBe(clearingBefore + 150050n - fee);
    await zeroTrialBalance(a);
  });

  it('settles a Flutterwave gift from its webhook alone, and the payer\u2019s return (transaction_id, tx_ref) then agrees', async () => {
    const init = await initialise(h.app, giftBody(a, { paymentGateway: 'Flutterwave' }));
    expect(init.authorizationUrl.startsWith(h.sandbox.url)).toBe(true);
    const checkout = await pay(h, init, 'success');
    const deliveries = h.sandbox.deliveries().filter((d) => d.reference === init.reference);
    expect(deliveries.map((d) => d.status)).toEqual([200]);
    const row = await paymentRow(h.database, init.reference);
    expect(row).toMatchObject({ status: 'succeeded', provider_status: 'success' });
    expect(BigInt(row!.fee_minor!)).toBe(h.sandbox.transaction('flutterwave', init.reference)!.feeMinor);
    const redirect = new URL(checkout.redirectTo!);
    expect(redirect.pathname).toBe(`/give/${a.formId}/thanks`);
    expect(redirect.searchParams.get('provider')).toBe('flutterwave');
    expect(redirect.searchParams.get('tx_ref')).toBe(init.reference);
    const confirmed = await confirmFromRedirect(h.app, checkout.redirectTo!);
    expect(confirmed.json()).toMatchObject({
      status: true,
      returnObject: { status: 'succeeded', provider: 'flutterwave', paymentGatewayName: 'Flutterwave' },
    });
    expect(await entriesOfPayment(h.database, a.tenantId, init.reference)).toHaveLength(3);
    expect(await systemBalance(h.database, a.tenantId, 'flutterwave_clearing')).toBeGreaterThan(0n);
    await zeroTrialBalance(a);
  });

  it('keeps a success when a stale, validly signed copy of the transaction arrives after it (out of order)', async () => {
    h.sandbox.setWebhookMode('out-of-order');
    const init = await initialise(h.app, giftBody(a));
    await pay(h, init, 'success');
    const sent = h.sandbox.deliveries().filter((d) => d.reference === init.reference);
    expect(sent.map((d) => [d.stale, d.status])).toEqual([
      [false, 200],
      [true, 200],
    ]);
    expect((await paymentRow(h.database, init.reference))!.status).toBe('succeeded');
    expect(await entriesOfPayment(h.database, a.tenantId, init.reference)).toHaveLength(3);
  });
});

describe('webhooks: signatures', () => {
  const paystackEvent = (reference: string) =>
    JSON.stringify({
      event: 'charge.success',
      data: { reference, status: 'success', amount: 150050, currency: 'NGN' },
    });
  const url = '/api/Payments/paystack/webhook';

  it('answers 401 to a forged, an unsigned or an altered webhook, and writes nothing', async () => {
    const init = await initialise(h.app, giftBody(a));
    h.webhooks.hold = true;
    await pay(h, init, 'success');
    h.webhooks.hold = false;
    const genuine = h.webhooks.held[0]!;
    const before = { entries: await countRows(h.database, 'journal_entries', a.tenantId), rows: await donationRows(a) };
    const body = paystackEvent(init.reference);
    const forged = await h.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': createHmac('sha512', 'not-the-secret-key').update(body).digest('hex'),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'The signature does not match' });
    const unsigned = await h.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(401);
    const altered = await deliver(h.app, { ...genuine, body: genuine.body.replace('"success"', '"failed"') });
    expect(altered.statusCode).toBe(401);
    const flutterwave = await h.app.inject({
      method: 'POST',
      url: '/api/Payments/flutterwave/webhook',
      headers: { 'content-type': 'application/json', 'verif-hash': 'guess' },
      payload: JSON.stringify({
        event: 'charge.completed',
        data: { tx_ref: init.reference, id: 1, status: 'successful' },
      }),
    });
    expect(flutterwave.statusCode).toBe(401);
    expect((await paymentRow(h.database, init.reference))!.status).toBe('pending');
    expect(await countRows(h.database, 'journal_entries', a.tenantId)).toBe(before.entries);
    expect(await donationRows(a)).toBe(before.rows);
    // the genuine one, as sent, settles it
    expect((await deliver(h.app, genuine)).statusCode).toBe(200);
    expect((await paymentRow(h.database, init.reference))!.status).toBe('succeeded');
  });

  it('answers 200 to a signed webhook about a reference Steward does not know, and writes nothing', async () => {
    const { paystackSignature } = await import('../src/modules/payments/paystack.ts');
    const body = paystackEvent('STW-NOT-A-PAYMENT-OF-OURS');
    const res = await h.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(body, h.sandbox.secrets.paystackSecretKey),
      },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, response: 'Not a payment of Steward: nothing to do' });
  });
});

describe('the provider\u2019s word decides', () => {
  it('flags a success whose amount differs from what was initialised, and posts nothing', async () => {
    const init = await initialise(h.app, giftBody(a));
    expect(h.sandbox.overrideTransaction('paystack', init.reference, { amountMinor: 100n })).toBe(true);
    const before = await countRows(h.database, 'journal_entries', a.tenantId);
    await pay(h, init, 'success');
    const row = await paymentRow(h.database, init.reference);
    expect(row!.status).toBe('flagged');
    expect(row!.status_reason).toBe('The provider took 1 NGN, not 1500.5 NGN as initialised');
    expect(await countRows(h.database, 'journal_entries', a.tenantId)).toBe(before);
    const poll = await publicApi(h.app).post(`/PaystackTransactionCheck?reference=${init.reference}`);
    expect(poll.json()).toMatchObject({ status: 9, response: 'Invalid_Amount', returnObject: { status: 'flagged' } });
    const confirmed = await publicApi(h.app).post(
      `/ConfirmDonationPayment?id=${init.reference}&txnref=${init.reference}`,
    );
    expect(confirmed.json()).toMatchObject({ status: false, returnObject: { status: 'flagged' } });
    // the administrator sees it, with its reason
    const list = await a.api.get('/api/Financials/Donation/Payments?status=flagged');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        reference: init.reference,
        status: 'flagged',
        reason: row!.status_reason,
        // not a refund: nothing is given back, the administrator settles it with the provider
        refundStatus: null,
        refundedAt: null,
      }),
    ]);
    expect(list.json().counts.flagged).toBe(1);
    expect(list.json().needsAttention).toBe(1);
  });

  it('flags a success in another currency', async () => {
    const init = await initialise(h.app, giftBody(a));
    h.sandbox.overrideTransaction('paystack', init.reference, { currency: 'USD' });
    await pay(h, init, 'success');
    expect(await paymentRow(h.database, init.reference)).toMatchObject({
      status: 'flagged',
      status_reason: 'The provider took USD, not NGN as initialised',
    });
    expect(await entriesOfPayment(h.database, a.tenantId, init.reference)).toHaveLength(0);
  });

  it('records a failed payment as failed (poll 3), and leaves an abandoned checkout pending for the payer to come back to', async () => {
    const failed = await initialise(h.app, giftBody(a));
    await pay(h, failed, 'failed');
    const poll = await publicApi(h.app).post(`/PaystackTransactionCheck?reference=${failed.reference}`);
    expect(poll.json()).toMatchObject({ status: 3, returnObject: { status: 'failed', providerStatus: 'failed' } });

    const left = await initialise(h.app, giftBody(a));
    const checkout = await pay(h, left, 'abandoned');
    const again = await publicApi(h.app).post(`/PaystackTransactionCheck?reference=${left.reference}`);
    expect(again.json()).toMatchObject({ status: 1, returnObject: { status: 'pending', providerStatus: 'abandoned' } });
    const back = await confirmFromRedirect(h.app, checkout.redirectTo!);
    expect(back.json()).toMatchObject({ status: false, response: 'You have cancelled the transaction' });
    expect(await entriesOfPayment(h.database, a.tenantId, left.reference)).toHaveLength(0);
  });

  it('answers 404 for an unknown reference and 400 naming txnref without one', async () => {
    expect((await publicApi(h.app).post('/PaystackTransactionCheck?reference=STW-UNKNOWN')).statusCode).toBe(404);
    expect((await publicApi(h.app).post('/ConfirmDonationPayment?id=1&txnref=STW-UNKNOWN')).statusCode).toBe(404);
    const res = await publicApi(h.app).post('/ConfirmDonationPayment?id=1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('txnref');
  });
});

describe('a provider that cannot be reached', () => {
  it('answers initialise 503 with a clear message, and keeps no payment', async () => {
    const before = await countRows(h.database, 'payments', a.tenantId);
    const items = await countRows(h.database, 'payment_items', a.tenantId);
    h.sandbox.failNext(503, { count: 1, provider: 'paystack' });
    const res = await publicApi(h.app).post('/initailizedonationpayment', giftBody(a));
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ status: false, returnObject: null });
    expect(res.json().response).toBe(
      'Paystack is not available right now to start the payment. Please try again in a few minutes.',
    );
    expect(await countRows(h.database, 'payments', a.tenantId)).toBe(before);
    expect(await countRows(h.database, 'payment_items', a.tenantId)).toBe(items);
  });

  it('answers initialise 400 when the provider refuses the request itself, and keeps no payment', async () => {
    const before = await countRows(h.database, 'payments', a.tenantId);
    h.sandbox.failNext(400, { count: 1, provider: 'paystack' });
    const res = await publicApi(h.app).post('/initailizedonationpayment', giftBody(a));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].field).toBe('paymentGateway');
    expect(await countRows(h.database, 'payments', a.tenantId)).toBe(before);
  });

  it('answers the payer\u2019s return 503 and a webhook 503 (sent again later), the poll with the status as it stands; nothing changes until the provider answers', async () => {
    const init = await initialise(h.app, giftBody(a));
    h.webhooks.hold = true;
    const checkout = await pay(h, init, 'success');
    h.webhooks.hold = false;
    h.sandbox.failNext(503, { count: 3, provider: 'paystack' });
    expect((await confirmFromRedirect(h.app, checkout.redirectTo!)).statusCode).toBe(503);
    expect((await deliver(h.app, h.webhooks.held[0]!)).statusCode).toBe(503);
    const poll = await publicApi(h.app).post(`/PaystackTransactionCheck?reference=${init.reference}`);
    expect(poll.statusCode).toBe(200);
    expect(poll.json().status).toBe(1);
    expect((await paymentRow(h.database, init.reference))!.status).toBe('pending');
    expect((await deliver(h.app, h.webhooks.held[0]!)).statusCode).toBe(200);
    expect((await paymentRow(h.database, init.reference))!.status).toBe('succeeded');
  });
});
