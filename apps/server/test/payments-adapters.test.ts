import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlutterwaveProvider } from '../src/modules/payments/flutterwave.ts';
import { PaystackProvider } from '../src/modules/payments/paystack.ts';
import { ProviderError, type PaymentProvider } from '../src/modules/payments/provider.ts';
import { completeCheckout } from '../src/modules/payments/sandbox/checkout-driver.ts';
import { startSandbox, type Sandbox } from '../src/modules/payments/sandbox/server.ts';

/**
 * The real Paystack and Flutterwave adapters against the local provider sandbox (issue 10
 * 'Providers, real on the wire'): initialise -> the hosted checkout driven with plain HTTP ->
 * verify, banks, account resolution, subaccounts, and the mapping of provider errors. No database.
 */

let sandbox: Sandbox;
let paystack: PaystackProvider;
let flutterwave: FlutterwaveProvider;
let seq = 0;
const ref = (p: string) => `${p}-${Date.now()}-${++seq}`;
const CALLBACK = 'http://127.0.0.1:9/api/give/callback?form=abc';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  paystack = new PaystackProvider({ baseUrl: sandbox.url, secretKey: sandbox.secrets.paystackSecretKey });
  flutterwave = new FlutterwaveProvider({
    baseUrl: sandbox.url,
    secretKey: sandbox.secrets.flutterwaveSecretKey,
    secretHash: sandbox.secrets.flutterwaveSecretHash,
  });
});
afterAll(async () => {
  await sandbox.close();
});

/** The ProviderError a call throws (fails the test when it does not throw one). */
async function providerError(p: Promise<unknown>): Promise<ProviderError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ProviderError) return e;
    throw e;
  }
  throw new Error('expected a ProviderError');
}

async function pay(
  provider: PaymentProvider,
  reference: string,
  amountMinor: bigint,
  choice: 'success' | 'failed' | 'abandoned',
  currency = 'NGN',
) {
  const init = await provider.initialize({
    reference,
    amountMinor,
    currency,
    email: 'giver@example.com',
    name: 'Ada Giver',
    callbackUrl: CALLBACK,
    merchantName: 'Grace Chapel',
  });
  const checkout = await completeCheckout(init.authorizationUrl, choice);
  return { init, checkout };
}

describe('Paystack adapter against the sandbox', () => {
  it('initialises, and verify says success with the exact amount and fee in kobo after Succeed', async () => {
    const reference = ref('ps');
    const { init, checkout } = await pay(paystack, reference, 123456n, 'success');
    expect(init.authorizationUrl.startsWith(`${sandbox.url}/checkout/`)).toBe(true);
    expect(init.providerId).toBeTruthy();
    expect(checkout.page).toContain('Steward Sandbox');
    expect(checkout.page).toContain('₦1,234.56');
    expect(checkout.page).not.toContain('giver@example.com');
    expect(checkout.status).toBe(303);
    const back = new URL(checkout.redirectTo ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:9/api/give/callback');
    expect(back.searchParams.get('form')).toBe('abc');
    expect(back.searchParams.get('trxref')).toBe(reference);
    expect(back.searchParams.get('reference')).toBe(reference);
    const v = await paystack.verify(reference);
    expect(v).toMatchObject({ status: 'success', reference, amountMinor: 123456n, currency: 'NGN' });
    // 1.5% of 123456 kobo = 1851.84 -> 1852; the NGN 100 is waived under NGN 2,500
    expect(v.feeMinor).toBe(1852n);
    expect(v.providerTransactionId).toMatch(/^\d+$/);
    expect(v.paidAt).not.toBeNull();
  });

  it('charges 1.5% + NGN 100 from NGN 2,500 and caps the fee at NGN 2,000', async () => {
    const a = ref('ps');
    await pay(paystack, a, 500000n, 'success');
    expect((await paystack.verify(a)).feeMinor).toBe(7500n + 10000n);
    const b = ref('ps');
    await pay(paystack, b, 50_000_000n, 'success');
    expect((await paystack.verify(b)).feeMinor).toBe(200000n);
  });

  it('says abandoned before the payer finishes, failed after Fail, abandoned after Abandon', async () => {
    const open = ref('ps');
    await paystack.initialize({
      reference: open,
      amountMinor: 10000n,
      currency: 'NGN',
      email: 'a@example.com',
      callbackUrl: CALLBACK,
    });
    expect((await paystack.verify(open)).status).toBe('abandoned');

    const failed = ref('ps');
    await pay(paystack, failed, 250075n, 'failed');
    const vf = await paystack.verify(failed);
    expect(vf).toMatchObject({ status: 'failed', amountMinor: 250075n, feeMinor: null, paidAt: null });

    const left = ref('ps');
    const { checkout } = await pay(paystack, left, 10000n, 'abandoned');
    expect(new URL(checkout.redirectTo ?? '').searchParams.get('reference')).toBe(left);
    expect((await paystack.verify(left)).status).toBe('abandoned');
  });

  it('refuses a second choice on a completed checkout and keeps the outcome', async () => {
    const reference = ref('ps');
    const { init } = await pay(paystack, reference, 10000n, 'success');
    await expect(completeCheckout(init.authorizationUrl, 'failed')).rejects.toThrow(/no form/);
    const res = await fetch(init.authorizationUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=failed',
      redirect: 'manual',
    });
    expect(res.status).toBe(409);
    expect((await paystack.verify(reference)).status).toBe('success');
  });

  it('sends the amount as integer kobo and refuses what Paystack refuses', async () => {
    const badEmail = await providerError(
      paystack.initialize({
        reference: ref('ps'),
        amountMinor: 100n,
        currency: 'NGN',
        email: 'not-an-email',
        callbackUrl: CALLBACK,
      }),
    );
    expect(badEmail).toMatchObject({ kind: 'invalid', message: 'Invalid Email Address Passed', httpStatus: 400 });
    const noEmail = await providerError(
      paystack.initialize({
        reference: ref('ps'),
        amountMinor: 100n,
        currency: 'NGN',
        email: '',
        callbackUrl: CALLBACK,
      }),
    );
    expect(noEmail).toMatchObject({ kind: 'invalid', httpStatus: 400 });
    const reference = ref('ps');
    await paystack.initialize({
      reference,
      amountMinor: 100n,
      currency: 'NGN',
      email: 'a@example.com',
      callbackUrl: CALLBACK,
    });
    const dup = await providerError(
      paystack.initialize({
        reference,
        amountMinor: 100n,
        currency: 'NGN',
        email: 'a@example.com',
        callbackUrl: CALLBACK,
      }),
    );
    expect(dup).toMatchObject({ kind: 'invalid', message: 'Duplicate Transaction Reference' });
    // the sandbox itself refuses a non-integer amount, as Paystack does
    for (const amount of [12.5, '12.50', -5]) {
      const res = await fetch(`${sandbox.url}/transaction/initialize`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sandbox.secrets.paystackSecretKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', amount, reference: ref('raw') }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: false, message: 'Invalid Amount Sent' });
    }
  });

  it('answers not_found for an unknown reference', async () => {
    const e = await providerError(paystack.verify('no-such-reference'));
    expect(e.kind).toBe('not_found');
  });
});

describe('Flutterwave adapter against the sandbox', () => {
  it('initialises in major units, redirects as Flutterwave does, and verifies 1234.56 exactly', async () => {
    const reference = ref('fw');
    const init = await flutterwave.initialize({
      reference,
      amountMinor: 123456n,
      currency: 'NGN',
      email: 'giver@example.com',
      name: 'Ada Giver',
      phone: '+2348030000001',
      callbackUrl: CALLBACK,
      merchantName: 'Grace Chapel',
    });
    // before the payer opens the checkout there is no transaction at Flutterwave
    expect((await providerError(flutterwave.verify(reference))).kind).toBe('not_found');
    const checkout = await completeCheckout(init.authorizationUrl, 'success');
    expect(checkout.page).toContain('Grace Chapel');
    expect(checkout.page).toContain('₦1,234.56');
    const back = new URL(checkout.redirectTo ?? '');
    expect(back.searchParams.get('status')).toBe('successful');
    expect(back.searchParams.get('tx_ref')).toBe(reference);
    const id = back.searchParams.get('transaction_id') ?? '';
    expect(id).toMatch(/^\d+$/);
    const byRef = await flutterwave.verify(reference);
    expect(byRef).toMatchObject({
      status: 'success',
      reference,
      amountMinor: 123456n,
      currency: 'NGN',
      providerTransactionId: id,
    });
    // app_fee 1.4% of 1234.56 = 17.28384 -> 17.28
    expect(byRef.feeMinor).toBe(1728n);
    expect(await flutterwave.verify(reference, id)).toEqual(byRef);
  });

  it('says failed after Fail and abandoned after Abandon (Flutterwave cancelled)', async () => {
    const failed = ref('fw');
    const f = await pay(flutterwave, failed, 500000n, 'failed');
    expect(new URL(f.checkout.redirectTo ?? '').searchParams.get('status')).toBe('failed');
    expect(await flutterwave.verify(failed)).toMatchObject({
      status: 'failed',
      amountMinor: 500000n,
      feeMinor: 0n,
      paidAt: null,
    });
    const left = ref('fw');
    const a = await pay(flutterwave, left, 500000n, 'abandoned');
    expect(new URL(a.checkout.redirectTo ?? '').searchParams.get('status')).toBe('cancelled');
    expect((await flutterwave.verify(left)).status).toBe('abandoned');
  });

  it('handles a currency without decimals exactly', async () => {
    const reference = ref('fw');
    await pay(flutterwave, reference, 250000n, 'success', 'UGX');
    const v = await flutterwave.verify(reference);
    expect(v).toMatchObject({ amountMinor: 250000n, currency: 'UGX', feeMinor: 3500n });
  });

  it('refuses bad input as Flutterwave does', async () => {
    const noEmail = await providerError(
      flutterwave.initialize({
        reference: ref('fw'),
        amountMinor: 100n,
        currency: 'NGN',
        email: '',
        callbackUrl: CALLBACK,
      }),
    );
    expect(noEmail).toMatchObject({ kind: 'invalid', message: 'customer.email is required', httpStatus: 400 });
    const res = await fetch(`${sandbox.url}/v3/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.secrets.flutterwaveSecretKey}`, 'content-type': 'application/json' },
      body: '{"tx_ref":"raw-1","amount":12.345,"currency":"NGN","redirect_url":"http://127.0.0.1:9/","customer":{"email":"a@example.com"}}',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 'error', message: 'Invalid amount', data: null });
    expect((await providerError(flutterwave.verify('no-such-ref'))).kind).toBe('not_found');
    expect((await providerError(flutterwave.verify('x', '999999999'))).kind).toBe('not_found');
  });
});

describe('banks, account names and subaccounts', () => {
  it('lists Nigerian and Ghanaian banks with their codes', async () => {
    for (const provider of [paystack, flutterwave]) {
      const ng = await provider.listBanks('NG');
      expect(ng).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
      expect(ng).toContainEqual({ code: '044', name: 'Access Bank' });
      const gh = await provider.listBanks('gh');
      expect(gh).toContainEqual({ code: '040100', name: 'GCB Bank Limited' });
      expect(gh.some((b) => b.code === '058')).toBe(false);
    }
  });

  it('resolves an account to the same name on both providers, and refuses one ending 0000', async () => {
    const a = await paystack.resolveAccount('058', '0234567891');
    const b = await flutterwave.resolveAccount('058', '0234567891');
    expect(a.accountName).toMatch(/^[A-Z]+ [A-Z]+ [A-Z]+$/);
    expect(b).toEqual(a);
    expect(await paystack.resolveAccount('058', '0234567891')).toEqual(a);
    const ps = await providerError(paystack.resolveAccount('058', '0234560000'));
    expect(ps).toMatchObject({
      kind: 'invalid',
      httpStatus: 422,
      message: 'Could not resolve account name. Check parameters or try again.',
    });
    const fw = await providerError(flutterwave.resolveAccount('058', '0234560000'));
    expect(fw).toMatchObject({ kind: 'invalid', httpStatus: 400 });
    expect(fw.message).toMatch(/^Sorry, that account number is invalid/);
    expect((await providerError(paystack.resolveAccount('999', '0234567891'))).kind).toBe('invalid');
  });

  it('creates and lists subaccounts (Paystack by bank name, Flutterwave filtered and unique)', async () => {
    const ps = await paystack.createSubaccount({
      businessName: 'Grace Chapel',
      bankCode: '058',
      accountNumber: '0345678912',
      percentageCharge: 0,
    });
    expect(ps).toMatchObject({ accountNumber: '0345678912', bankCode: '058', businessName: 'Grace Chapel' });
    expect(ps.id).toMatch(/^ACCT_/);
    const psList = await paystack.listSubaccounts({ accountNumber: '0345678912' });
    expect(psList).toEqual([{ ...ps, bankName: 'Guaranty Trust Bank' }]);

    const fw = await flutterwave.createSubaccount({
      businessName: 'Grace Chapel',
      bankCode: '044',
      accountNumber: '0456789123',
      percentageCharge: 2.5,
      businessMobile: '+2348030000001',
    });
    expect(fw).toMatchObject({ accountNumber: '0456789123', bankCode: '044', businessName: 'Grace Chapel' });
    expect(fw.id).toMatch(/^RS_/);
    await flutterwave.createSubaccount({
      businessName: 'Other',
      bankCode: '057',
      accountNumber: '0567891234',
      percentageCharge: 0,
    });
    expect(await flutterwave.listSubaccounts({ accountNumber: '0456789123' })).toEqual([fw]);
    expect((await flutterwave.listSubaccounts()).map((s) => s.accountNumber)).toEqual(
      expect.arrayContaining(['0456789123', '0567891234']),
    );
    const again = await providerError(
      flutterwave.createSubaccount({
        businessName: 'Grace Chapel',
        bankCode: '044',
        accountNumber: '0456789123',
        percentageCharge: 0,
      }),
    );
    expect(again).toMatchObject({
      kind: 'invalid',
      message: 'A subaccount with the account number and bank already exists',
    });
    // the split value went over as a fraction: 2.5% -> 0.025
    const raw = await fetch(`${sandbox.url}/v3/subaccounts?account_number=0456789123`, {
      headers: { authorization: `Bearer ${sandbox.secrets.flutterwaveSecretKey}` },
    });
    expect(((await raw.json()) as { data: { split_value: number }[] }).data[0]?.split_value).toBe(0.025);
  });

  it('a payment to a subaccount shows its business name on the checkout', async () => {
    const sub = await paystack.createSubaccount({
      businessName: 'Holy Trinity Parish',
      bankCode: '011',
      accountNumber: '0678912345',
      percentageCharge: 0,
    });
    const init = await paystack.initialize({
      reference: ref('ps'),
      amountMinor: 20000n,
      currency: 'NGN',
      email: 'a@example.com',
      callbackUrl: CALLBACK,
      subaccountId: sub.id,
    });
    const page = await (await fetch(init.authorizationUrl)).text();
    expect(page).toContain('Holy Trinity Parish');
  });
});

describe('provider errors', () => {
  it('maps a wrong secret key to unauthorised on both providers', async () => {
    const ps = new PaystackProvider({ baseUrl: sandbox.url, secretKey: 'sk_test_wrong' });
    const fw = new FlutterwaveProvider({ baseUrl: sandbox.url, secretKey: 'FLWSECK_TEST-wrong-X', secretHash: 'x' });
    for (const e of [await providerError(ps.listBanks('NG')), await providerError(fw.listBanks('NG'))]) {
      expect(e).toMatchObject({ kind: 'unauthorised', httpStatus: 401 });
      expect(e.message).not.toContain('wrong');
    }
  });

  it('maps the sandbox faults: 503 and 429 unavailable, then back to normal', async () => {
    sandbox.failNext(503, { provider: 'paystack' });
    expect(await providerError(paystack.listBanks('NG'))).toMatchObject({ kind: 'unavailable', httpStatus: 503 });
    sandbox.failNext(429, { count: 2 });
    expect(await providerError(flutterwave.listBanks('NG'))).toMatchObject({ kind: 'unavailable', httpStatus: 429 });
    expect(await providerError(paystack.verify('anything'))).toMatchObject({ kind: 'unavailable', httpStatus: 429 });
    expect((await paystack.listBanks('NG')).length).toBeGreaterThan(10);
  });

  describe('against a tiny local server', () => {
    let server: Server;
    let base: string;
    let answer: (req: IncomingMessage, res: ServerResponse) => void;
    beforeAll(async () => {
      server = createServer((req, res) => answer(req, res));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const reply = (status: number, body: string) => (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    };

    it('500, 502 and 429 are unavailable; 404 not_found; 400 invalid with the message; junk unavailable', async () => {
      const ps = new PaystackProvider({ baseUrl: base, secretKey: 'sk_test_x' });
      const fw = new FlutterwaveProvider({ baseUrl: base, secretKey: 'FLWSECK_TEST-x-X', secretHash: 'h' });
      for (const provider of [ps, fw] as PaymentProvider[]) {
        answer = reply(500, '{"status":false,"message":"Internal error"}');
        expect(await providerError(provider.listBanks('NG'))).toMatchObject({ kind: 'unavailable', httpStatus: 500 });
        answer = reply(502, '<html>Bad gateway</html>');
        expect(await providerError(provider.verify('r'))).toMatchObject({ kind: 'unavailable', httpStatus: 502 });
        answer = reply(429, '{"message":"Too many requests"}');
        expect(await providerError(provider.resolveAccount('058', '0123456789'))).toMatchObject({
          kind: 'unavailable',
        });
        answer = reply(404, '{"message":"Not found"}');
        expect(await providerError(provider.verify('r'))).toMatchObject({ kind: 'not_found' });
        answer = reply(400, '{"status":false,"message":"Invalid Subaccount"}');
        expect(await providerError(provider.listSubaccounts())).toMatchObject({
          kind: 'invalid',
          message: 'Invalid Subaccount',
        });
        answer = (_req, res) => {
          res.writeHead(301, { location: 'https://elsewhere.example/' });
          res.end();
        };
        expect(await providerError(provider.listBanks('NG'))).toMatchObject({ kind: 'unavailable', httpStatus: 301 });
        answer = reply(200, 'not json');
        expect(await providerError(provider.listBanks('NG'))).toMatchObject({ kind: 'unavailable' });
      }
    });

    it('a call that gets no answer in time, or no connection, is unavailable', async () => {
      answer = () => {}; // never answers
      const slow = new PaystackProvider({ baseUrl: base, secretKey: 'sk_test_x', timeoutMs: 200 });
      expect(await providerError(slow.verify('r'))).toMatchObject({
        kind: 'unavailable',
        message: 'Paystack did not answer in time',
      });
      const closed = await new Promise<number>((resolve) => {
        const s = createServer();
        s.listen(0, '127.0.0.1', () => {
          const port = (s.address() as AddressInfo).port;
          s.close(() => resolve(port));
        });
      });
      const gone = new FlutterwaveProvider({ baseUrl: `http://127.0.0.1:${closed}`, secretKey: 'k', secretHash: 'h' });
      expect(await providerError(gone.listBanks('NG'))).toMatchObject({
        kind: 'unavailable',
        message: 'Could not reach Flutterwave',
      });
    });

    it('an answer over 1 MB is unavailable, and the adapter goes on working after it', async () => {
      const ps = new PaystackProvider({ baseUrl: base, secretKey: 'sk_test_x' });
      // chunked, without a content-length: the size is only known while reading
      answer = (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const piece = 'x'.repeat(64 * 1024);
        res.write('{"status":true,"message":"');
        for (let i = 0; i < 20; i++) res.write(piece);
        res.end('","data":[]}');
      };
      expect(await providerError(ps.listBanks('NG'))).toMatchObject({
        kind: 'unavailable',
        message: 'Paystack answered more than 1 MB',
      });
      answer = reply(200, '{"status":true,"message":"Banks retrieved","data":[]}');
      expect(await ps.listBanks('NG')).toEqual([]);
    });

    it('writes the amount exactly: Paystack integer kobo text, Flutterwave a major-unit JSON number', async () => {
      const bodies: string[] = [];
      answer = (req, res) => {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          bodies.push(raw);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            req.url?.startsWith('/v3/')
              ? '{"status":"success","message":"Hosted Link","data":{"link":"http://x/pay"}}'
              : '{"status":true,"message":"ok","data":{"authorization_url":"http://x/pay","access_code":"a"}}',
          );
        });
      };
      const ps = new PaystackProvider({ baseUrl: base, secretKey: 'sk_test_x' });
      const fw = new FlutterwaveProvider({ baseUrl: `${base}/v3/`, secretKey: 'k', secretHash: 'h' });
      const req = { reference: 'r1', currency: 'NGN', email: 'a@example.com', callbackUrl: CALLBACK };
      await ps.initialize({ ...req, amountMinor: 123456n });
      await fw.initialize({ ...req, amountMinor: 123456n, subaccountId: 'RS_ABC' });
      await fw.initialize({ ...req, amountMinor: 999_999_999_999_99n });
      expect(JSON.parse(bodies[0] ?? '')).toMatchObject({
        amount: '123456',
        reference: 'r1',
        currency: 'NGN',
        callback_url: CALLBACK,
      });
      expect(bodies[1]).toContain('"amount":1234.56');
      expect(JSON.parse(bodies[1] ?? '')).toMatchObject({
        tx_ref: 'r1',
        redirect_url: CALLBACK,
        subaccounts: [{ id: 'RS_ABC' }],
      });
      expect(bodies[2]).toContain('"amount":999999999999.99');
    });

    it('follows Paystack bank list cursor pages', async () => {
      const seen: string[] = [];
      answer = (req, res) => {
        seen.push(req.url ?? '');
        const next = new URL(req.url ?? '', base).searchParams.get('next');
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          next
            ? '{"status":true,"message":"Banks retrieved","data":[{"name":"Zenith Bank","code":"057"}],"meta":{"next":null,"previous":"YQ==","perPage":100}}'
            : '{"status":true,"message":"Banks retrieved","data":[{"name":"Access Bank","code":"044"}],"meta":{"next":"YmFuazox","previous":null,"perPage":100}}',
        );
      };
      const ps = new PaystackProvider({ baseUrl: base, secretKey: 'sk_test_x' });
      expect(await ps.listBanks('NG')).toEqual([
        { code: '044', name: 'Access Bank' },
        { code: '057', name: 'Zenith Bank' },
      ]);
      expect(seen[0]).toBe('/bank?country=nigeria&perPage=100&use_cursor=true');
      expect(seen[1]).toContain('next=YmFuazox');
    });
  });
});

describe('refunds against the sandbox', () => {
  it('Paystack: POST /refund by reference queues the refund; the transaction then verifies reversed', async () => {
    const reference = ref('ps-refund');
    await pay(paystack, reference, 250_000n, 'success');
    const done = await paystack.refund({ reference, note: 'Event full' });
    expect(done).toMatchObject({ status: 'pending', amountMinor: 250_000n });
    expect(done.refundId).toMatch(/^\d+$/);
    expect(sandbox.transaction('paystack', reference)?.status).toBe('reversed');
    expect(await paystack.verify(reference)).toMatchObject({ status: 'failed', refunded: true });
    // a second refund is refused with Paystack's words
    expect(await providerError(paystack.refund({ reference }))).toMatchObject({
      kind: 'invalid',
      message: 'Transaction has been fully reversed',
    });
  });

  it('Paystack: a partial refund by id in kobo; refusals for an unpaid or unknown transaction', async () => {
    const reference = ref('ps-part');
    await pay(paystack, reference, 100_000n, 'success');
    const id = (await paystack.verify(reference)).providerTransactionId;
    expect(
      await paystack.refund({ reference, providerTransactionId: id, amountMinor: 40_000n, currency: 'NGN' }),
    ).toMatchObject({ amountMinor: 40_000n });
    expect(await paystack.verify(reference)).toMatchObject({ status: 'success' });
    expect(await providerError(paystack.refund({ reference, amountMinor: 70_000n }))).toMatchObject({
      kind: 'invalid',
    });
    const unpaid = ref('ps-unpaid');
    await pay(paystack, unpaid, 100_000n, 'failed');
    expect(await providerError(paystack.refund({ reference: unpaid }))).toMatchObject({
      kind: 'invalid',
      message: 'Transaction has not been completed',
    });
    expect(await providerError(paystack.refund({ reference: 'no-such-ref' }))).toMatchObject({ kind: 'not_found' });
  });

  it('Flutterwave: POST /v3/transactions/{id}/refund (id found by verify), in major units; then refunded', async () => {
    const reference = ref('fw-refund');
    await pay(flutterwave, reference, 123_456n, 'success');
    const done = await flutterwave.refund({ reference, currency: 'NGN', note: 'Event full' });
    expect(done).toMatchObject({ status: 'processed', amountMinor: 123_456n });
    expect(sandbox.transaction('flutterwave', reference)?.status).toBe('refunded');
    expect(await flutterwave.verify(reference)).toMatchObject({ status: 'failed', refunded: true });
    expect(await providerError(flutterwave.refund({ reference }))).toMatchObject({ kind: 'invalid' });
    const part = ref('fw-part');
    await pay(flutterwave, part, 100_050n, 'success');
    const id = (await flutterwave.verify(part)).providerTransactionId;
    expect(
      await flutterwave.refund({ reference: part, providerTransactionId: id, amountMinor: 50n, currency: 'NGN' }),
    ).toMatchObject({ amountMinor: 50n });
    expect(await flutterwave.verify(part)).toMatchObject({ status: 'success' });
    expect(await providerError(flutterwave.refund({ reference: 'x', providerTransactionId: '999' }))).toMatchObject({
      kind: 'not_found',
    });
  });

  it('a refund the provider refuses or cannot take maps as every call does', async () => {
    for (const provider of [paystack, flutterwave]) {
      const reference = ref(`${provider.name}-fault`);
      await pay(provider, reference, 100_000n, 'success');
      const id = (await provider.verify(reference)).providerTransactionId;
      sandbox.failNext(400, { provider: provider.name });
      expect(await providerError(provider.refund({ reference, providerTransactionId: id }))).toMatchObject({
        kind: 'invalid',
        message: 'Request refused',
      });
      sandbox.failNext(503, { provider: provider.name });
      expect(await providerError(provider.refund({ reference, providerTransactionId: id }))).toMatchObject({
        kind: 'unavailable',
      });
      expect((await provider.refund({ reference, providerTransactionId: id })).refundId).toBeTruthy();
    }
  });
});
