import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { FlutterwaveProvider } from '../src/modules/payments/flutterwave.ts';
import { PaystackProvider } from '../src/modules/payments/paystack.ts';
import { ProviderError } from '../src/modules/payments/provider.ts';
import { openPayments, paymentsWebhookUrls } from '../src/modules/payments/runtime.ts';
import { completeCheckout } from '../src/modules/payments/sandbox/checkout-driver.ts';
import { startSandbox, type OutgoingWebhook, type Sandbox } from '../src/modules/payments/sandbox/server.ts';

/**
 * The sandbox's signed webhooks and their delivery modes, the adapters' signature checks
 * (accepted when right; forged, altered or missing refused), and openPayments from config
 * (issue 10). No database.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let sandbox: Sandbox;
let paystack: PaystackProvider;
let flutterwave: FlutterwaveProvider;
let seq = 0;
const ref = (p: string) => `${p}-${Date.now()}-${++seq}`;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  sandbox = await startSandbox({ webhookUrls: paymentsWebhookUrls(receiverUrl), lateDelayMs: 20 });
  paystack = new PaystackProvider({ baseUrl: sandbox.url, secretKey: sandbox.secrets.paystackSecretKey });
  flutterwave = new FlutterwaveProvider({
    baseUrl: sandbox.url,
    secretKey: sandbox.secrets.flutterwaveSecretKey,
    secretHash: sandbox.secrets.flutterwaveSecretHash,
  });
});
afterAll(async () => {
  await sandbox.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});
beforeEach(async () => {
  await sandbox.idle();
  received = [];
  sandbox.setWebhookMode('once');
});

async function paid(provider: 'paystack' | 'flutterwave', choice: 'success' | 'failed' | 'abandoned' = 'success') {
  const reference = ref(provider);
  const adapter = provider === 'paystack' ? paystack : flutterwave;
  const init = await adapter.initialize({
    reference,
    amountMinor: 123456n,
    currency: 'NGN',
    email: 'giver@example.com',
    callbackUrl: 'http://127.0.0.1:9/cb',
  });
  await completeCheckout(init.authorizationUrl, choice);
  await sandbox.idle();
  return reference;
}

const asWebhook = (r: Received) => ({
  rawBody: r.raw,
  headers: r.headers as Record<string, string | string[] | undefined>,
});
const json = (r: Received) => JSON.parse(r.raw.toString('utf8')) as { event: string; data: Record<string, unknown> };

describe('Paystack webhooks', () => {
  it('posts charge.success signed with hex HMAC-SHA512 of the raw body; the adapter accepts it', async () => {
    const reference = await paid('paystack');
    expect(received).toHaveLength(1);
    const [hook] = received as [Received];
    expect(hook.path).toBe('/api/Payments/paystack/webhook');
    const expected = createHmac('sha512', sandbox.secrets.paystackSecretKey).update(hook.raw).digest('hex');
    expect(hook.headers['x-paystack-signature']).toBe(expected);
    const body = json(hook);
    expect(body.event).toBe('charge.success');
    expect(body.data).toMatchObject({ reference, status: 'success', amount: 123456, currency: 'NGN', fees: 1852 });
    expect(paystack.parseWebhook(asWebhook(hook))).toEqual({
      event: 'charge.success',
      reference,
      providerTransactionId: String(body.data.id),
      status: 'success',
    });
  });

  it('refuses a forged, altered, missing or other-key signature', async () => {
    await paid('paystack');
    const [hook] = received as [Received];
    const altered = Buffer.from(hook.raw.toString('utf8').replace('"amount":123456', '"amount":923456'));
    expect(paystack.parseWebhook({ rawBody: altered, headers: hook.headers })).toBeNull();
    expect(
      paystack.parseWebhook({ rawBody: hook.raw, headers: { ...hook.headers, 'x-paystack-signature': undefined } }),
    ).toBeNull();
    expect(paystack.parseWebhook({ rawBody: hook.raw, headers: { 'x-paystack-signature': 'abc123' } })).toBeNull();
    const otherKey = createHmac('sha512', 'sk_test_attacker').update(hook.raw).digest('hex');
    expect(paystack.parseWebhook({ rawBody: hook.raw, headers: { 'x-paystack-signature': otherKey } })).toBeNull();
    const attacker = new PaystackProvider({ baseUrl: sandbox.url, secretKey: 'sk_test_attacker' });
    expect(attacker.parseWebhook(asWebhook(hook))).toBeNull();
  });

  it('sends nothing for a failed or abandoned payment', async () => {
    await paid('paystack', 'failed');
    await paid('paystack', 'abandoned');
    expect(received).toHaveLength(0);
  });
});

describe('Flutterwave webhooks', () => {
  it('posts charge.completed with verif-hash and a base64 HMAC-SHA256 signature; the adapter accepts it', async () => {
    const reference = await paid('flutterwave');
    expect(received).toHaveLength(1);
    const [hook] = received as [Received];
    expect(hook.path).toBe('/api/Payments/flutterwave/webhook');
    expect(hook.headers['verif-hash']).toBe(sandbox.secrets.flutterwaveSecretHash);
    const expected = createHmac('sha256', sandbox.secrets.flutterwaveSecretHash).update(hook.raw).digest('base64');
    expect(hook.headers['flutterwave-signature']).toBe(expected);
    expect(hook.raw.toString('utf8')).toContain('"amount":1234.56');
    const body = json(hook);
    expect(body.data).toMatchObject({ tx_ref: reference, status: 'successful', currency: 'NGN', app_fee: 17.28 });
    expect(flutterwave.parseWebhook(asWebhook(hook))).toEqual({
      event: 'charge.completed',
      reference,
      providerTransactionId: String(body.data.id),
      status: 'successful',
    });
    // either proof alone is enough when it is right
    const onlyHash = { 'verif-hash': hook.headers['verif-hash'] as string };
    expect(flutterwave.parseWebhook({ rawBody: hook.raw, headers: onlyHash })?.reference).toBe(reference);
    const onlySignature = { 'flutterwave-signature': expected };
    expect(flutterwave.parseWebhook({ rawBody: hook.raw, headers: onlySignature })?.reference).toBe(reference);
  });

  it('refuses a wrong hash, an altered body, a wrong signature beside a right hash, or no proof', async () => {
    await paid('flutterwave');
    const [hook] = received as [Received];
    const hash = sandbox.secrets.flutterwaveSecretHash;
    expect(flutterwave.parseWebhook({ rawBody: hook.raw, headers: { 'verif-hash': `${hash}x` } })).toBeNull();
    expect(flutterwave.parseWebhook({ rawBody: hook.raw, headers: { 'verif-hash': hash.slice(1) } })).toBeNull();
    const altered = Buffer.from(hook.raw.toString('utf8').replace('"amount":1234.56', '"amount":9234.56'));
    expect(flutterwave.parseWebhook({ rawBody: altered, headers: hook.headers })).toBeNull();
    const forged = createHmac('sha256', 'attacker').update(hook.raw).digest('base64');
    expect(
      flutterwave.parseWebhook({ rawBody: hook.raw, headers: { 'verif-hash': hash, 'flutterwave-signature': forged } }),
    ).toBeNull();
    expect(flutterwave.parseWebhook({ rawBody: hook.raw, headers: {} })).toBeNull();
    const noHashConfigured = new FlutterwaveProvider({ baseUrl: sandbox.url, secretKey: 'k' });
    expect(noHashConfigured.parseWebhook(asWebhook(hook))).toBeNull();
  });

  it('posts charge.completed for a failure too, and nothing for a cancelled checkout', async () => {
    const reference = await paid('flutterwave', 'failed');
    await paid('flutterwave', 'abandoned');
    expect(received).toHaveLength(1);
    expect(json(received[0] as Received).data).toMatchObject({ tx_ref: reference, status: 'failed' });
  });
});

describe('webhook delivery modes', () => {
  it("'twice' delivers the same signed post twice", async () => {
    sandbox.setWebhookMode('twice');
    const reference = await paid('paystack');
    expect(received).toHaveLength(2);
    const [a, b] = received as [Received, Received];
    expect(a.raw.equals(b.raw)).toBe(true);
    for (const r of received) expect(paystack.parseWebhook(asWebhook(r))?.reference).toBe(reference);
  });

  it("'none' delivers nothing", async () => {
    sandbox.setWebhookMode('none');
    const reference = await paid('paystack');
    await paid('flutterwave');
    expect(received).toHaveLength(0);
    expect((await paystack.verify(reference)).status).toBe('success');
  });

  it("'out-of-order' follows the success with a stale, validly signed failed-looking copy", async () => {
    sandbox.setWebhookMode('out-of-order');
    const reference = await paid('flutterwave');
    expect(received.map((r) => json(r).data.status)).toEqual(['successful', 'failed']);
    for (const r of received) expect(flutterwave.parseWebhook(asWebhook(r))?.reference).toBe(reference);
    // the provider's word is still success
    expect((await flutterwave.verify(reference)).status).toBe('success');
  });

  it("'late' delivers once, after the redirect; the mode switches through the control endpoint", async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/webhook-mode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'late', lateDelayMs: 30 }),
    });
    expect(await res.json()).toEqual({ mode: 'late', lateDelayMs: 30 });
    expect(sandbox.webhookMode()).toBe('late');
    const reference = await paid('paystack');
    expect(received).toHaveLength(1);
    expect(json(received[0] as Received).data.reference).toBe(reference);
    const bad = await fetch(`${sandbox.url}/__sandbox/webhook-mode`, { method: 'POST', body: '{"mode":"sometimes"}' });
    expect(bad.status).toBe(400);
  });

  it('retries a delivery the receiver refused, and records each attempt', async () => {
    const statuses = [500, 200];
    const sent: OutgoingWebhook[] = [];
    const flaky = await startSandbox({
      webhookUrls: { paystack: 'http://steward.invalid/api/Payments/paystack/webhook' },
      webhookRetries: 2,
      webhookRetryDelayMs: 1,
      deliverWebhook: async (w) => {
        sent.push(w);
        return statuses.shift() ?? 200;
      },
    });
    try {
      const ps = new PaystackProvider({ baseUrl: flaky.url, secretKey: flaky.secrets.paystackSecretKey });
      const reference = ref('ps');
      const init = await ps.initialize({
        reference,
        amountMinor: 5000n,
        currency: 'NGN',
        email: 'a@example.com',
        callbackUrl: 'http://127.0.0.1:9/',
      });
      await completeCheckout(init.authorizationUrl, 'success');
      await flaky.idle();
      expect(sent).toHaveLength(2);
      expect(sent[0]?.body).toBe(sent[1]?.body);
      expect(flaky.deliveries().map((d) => [d.reference, d.attempt, d.status])).toEqual([
        [reference, 1, 500],
        [reference, 2, 200],
      ]);
    } finally {
      await flaky.close();
    }
  });

  it('reports an overridden amount in verify and webhooks (a mismatch for giving to catch)', async () => {
    const reference = ref('fw');
    const init = await flutterwave.initialize({
      reference,
      amountMinor: 10000n,
      currency: 'NGN',
      email: 'a@example.com',
      callbackUrl: 'http://127.0.0.1:9/',
    });
    expect(sandbox.overrideTransaction('flutterwave', reference, { amountMinor: 100n })).toBe(true);
    await completeCheckout(init.authorizationUrl, 'success');
    await sandbox.idle();
    expect((await flutterwave.verify(reference)).amountMinor).toBe(100n);
    expect(json(received[0] as Received).data.amount).toBe(1);
    expect(sandbox.transaction('flutterwave', reference)).toMatchObject({ amountMinor: 10000n, status: 'successful' });
  });
});

describe('openPayments', () => {
  const env = (extra: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...extra });

  it('without provider keys starts the sandbox on loopback and points both adapters at it', async () => {
    const runtime = await openPayments(env({ PUBLIC_URL: receiverUrl, PAYMENTS_SANDBOX_WEBHOOKS: 'twice' }));
    try {
      expect(runtime.sandbox?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(runtime.sandbox?.webhookMode()).toBe('twice');
      const reference = ref('rt');
      const init = await runtime.providers.paystack.initialize({
        reference,
        amountMinor: 7000n,
        currency: 'NGN',
        email: 'a@example.com',
        callbackUrl: 'http://127.0.0.1:9/',
      });
      expect(init.authorizationUrl.startsWith(runtime.sandbox?.url ?? '-')).toBe(true);
      await completeCheckout(init.authorizationUrl, 'success');
      await runtime.sandbox?.idle();
      expect(received.map((r) => r.path)).toEqual(['/api/Payments/paystack/webhook', '/api/Payments/paystack/webhook']);
      expect(runtime.providers.paystack.parseWebhook(asWebhook(received[0] as Received))?.reference).toBe(reference);
      expect((await runtime.providers.flutterwave.listBanks('NG')).length).toBeGreaterThan(10);
    } finally {
      await runtime.close();
    }
  });

  it('with keys uses the configured base URLs and starts no sandbox; an unconfigured provider is unavailable', async () => {
    const runtime = await openPayments(
      env({ PAYSTACK_SECRET_KEY: sandbox.secrets.paystackSecretKey, PAYSTACK_BASE_URL: `${sandbox.url}/` }),
    );
    try {
      expect(runtime.sandbox).toBeNull();
      expect((await runtime.providers.paystack.listBanks('GH')).length).toBeGreaterThan(3);
      const e = await runtime.providers.flutterwave.listBanks('NG').catch((err: unknown) => err);
      expect(e).toBeInstanceOf(ProviderError);
      expect(e).toMatchObject({
        kind: 'unavailable',
        message: 'Flutterwave is not configured (FLUTTERWAVE_SECRET_KEY is not set)',
      });
    } finally {
      await runtime.close();
    }
  });

  it('refuses FLUTTERWAVE_SECRET_KEY without FLUTTERWAVE_SECRET_HASH, and empty keys count as unset', async () => {
    await expect(openPayments(env({ FLUTTERWAVE_SECRET_KEY: 'FLWSECK-x' }))).rejects.toThrow(/FLUTTERWAVE_SECRET_HASH/);
    const runtime = await openPayments(env({ PAYSTACK_SECRET_KEY: '  ', FLUTTERWAVE_SECRET_KEY: '' }));
    try {
      expect(runtime.sandbox).not.toBeNull();
    } finally {
      await runtime.close();
    }
    expect(() => env({ PAYMENTS_SANDBOX_WEBHOOKS: 'sometimes' })).toThrow(/PAYMENTS_SANDBOX_WEBHOOKS/);
  });
});
