import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderName } from '../provider.ts';
import { isRecord, type ApiContext, type ApiReply, type ApiRequest, type SandboxSecrets } from './api.ts';
import { checkoutPage, messagePage } from './checkout-page.ts';
import { flutterwaveApi } from './flutterwave-api.ts';
import { paystackApi } from './paystack-api.ts';
import { SandboxStore, isFinal, type CheckoutOutcome, type ProviderStatus, type SandboxTransaction } from './store.ts';
import {
  WEBHOOK_MODES,
  WebhookSender,
  type WebhookDeliverer,
  type WebhookDelivery,
  type WebhookMode,
} from './webhooks.ts';
import { flutterwaveTransaction, paystackTransaction, toJson } from './wire.ts';

/**
 * The local provider sandbox (issue 10 'A local provider sandbox'): one node:http server that
 * answers Paystack's API at its root paths (/transaction/initialize, /bank, ...) and Flutterwave's
 * v3 API under /v3, keeps transactions in memory, serves the hosted checkout page
 * (GET/POST /checkout/{token}) and sends signed webhooks. Control endpoints for tests and
 * demos live under /__sandbox (see README.md). Nothing is logged.
 */

export type { SandboxSecrets } from './api.ts';
export type { WebhookDeliverer, WebhookDelivery, WebhookMode, OutgoingWebhook } from './webhooks.ts';
export { WEBHOOK_MODES } from './webhooks.ts';

export interface SandboxOptions {
  /** default 0: any free port */
  port?: number;
  /** default '127.0.0.1' */
  host?: string;
  /** the address written into checkout links; default http://{host}:{port} (a wildcard host becomes 127.0.0.1) */
  publicUrl?: string;
  /** where each provider's webhooks go; null or absent: not sent (recorded as 'no webhook URL') */
  webhookUrls?: Partial<Record<ProviderName, string | null>>;
  /** the keys both APIs accept and webhooks are signed with; any missing one is generated */
  secrets?: Partial<SandboxSecrets>;
  /** default 'once' */
  webhookMode?: WebhookMode;
  /** 'late' mode's delay in milliseconds; default 2000 */
  lateDelayMs?: number;
  /** tries after a failed webhook delivery; default 2 */
  webhookRetries?: number;
  /** delay before the n-th retry: this times 2^(n-1) milliseconds; default 500 */
  webhookRetryDelayMs?: number;
  /** Flutterwave webhooks also carry `flutterwave-signature`; default true */
  flutterwaveSignature?: boolean;
  /** sends each webhook instead of an HTTP POST (e.g. through app.inject); answers the HTTP status */
  deliverWebhook?: WebhookDeliverer;
  /** the merchant name the checkout shows when no subaccount or title names one; default 'Steward Sandbox' */
  businessName?: string;
}

/** A sandbox transaction as tests see it (no payer data). */
export interface SandboxTransactionView {
  provider: ProviderName;
  reference: string;
  /** the provider's id (Flutterwave: 0 until the checkout is opened) */
  id: number;
  /** in the provider's words (Paystack abandoned/ongoing/success/failed; Flutterwave pending/successful/failed/cancelled) */
  status: ProviderStatus;
  amountMinor: bigint;
  currency: string;
  feeMinor: bigint;
  /** the checkout page */
  checkoutUrl: string;
  /** refunds taken (minor units each) and refund requests received, taken or refused */
  refunds: bigint[];
  refundRequests: number;
}

/** A running sandbox. */
export interface Sandbox {
  /** e.g. http://127.0.0.1:4601: Paystack's base URL, and Flutterwave's (the adapter adds /v3) */
  url: string;
  host: string;
  port: number;
  secrets: SandboxSecrets;
  webhookMode(): WebhookMode;
  /** switches the delivery mode for payments completed from now on ('late': `lateDelayMs`, default unchanged) */
  setWebhookMode(mode: WebhookMode, options?: { lateDelayMs?: number }): void;
  /** where webhooks go from now on (a provider left out keeps its URL; null stops its webhooks) */
  setWebhookUrls(urls: Partial<Record<ProviderName, string | null>>): void;
  /** the next `count` (default 1) API calls (of `provider`, or either) answer HTTP `status` with the provider's error body */
  failNext(status: number, options?: { count?: number; provider?: ProviderName }): void;
  /**
   * Makes verify and webhooks report another amount or currency for this transaction (testing a
   * mismatch). Returns false when there is no such transaction.
   */
  overrideTransaction(
    provider: ProviderName,
    reference: string,
    lie: { amountMinor?: bigint; currency?: string },
  ): boolean;
  /** the transaction of `provider` with this reference, or null */
  transaction(provider: ProviderName, reference: string): SandboxTransactionView | null;
  /** applies a payer's choice as the checkout's buttons do (webhooks included); false when unknown or already final */
  complete(provider: ProviderName, reference: string, outcome: CheckoutOutcome): boolean;
  /** every webhook attempt so far (provider, event, reference, receiver's status) */
  deliveries(): WebhookDelivery[];
  /** resolves when no webhook is scheduled or being sent */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

/** The provider whose API a path belongs to, or null. */
function providerOfPath(path: string): ProviderName | null {
  if (path.startsWith('/v3/')) return 'flutterwave';
  if (/^\/(transaction|bank|subaccount|refund)(\/|$)/.test(path)) return 'paystack';
  return null;
}

function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, reply: ApiReply) {
  const body = toJson(reply.body);
  res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *; base-uri 'none'",
  });
  res.end(html);
}

/** `url` with these query parameters added (keeping any it already has). */
function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

/**
 * Starts the sandbox. Both APIs require `Authorization: Bearer <their secret key>` (401 otherwise,
 * in each provider's words). Resolves once it listens.
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const secrets: SandboxSecrets = {
    paystackSecretKey: options.secrets?.paystackSecretKey ?? `sk_test_${randomBytes(20).toString('hex')}`,
    flutterwaveSecretKey: options.secrets?.flutterwaveSecretKey ?? `FLWSECK_TEST-${randomBytes(16).toString('hex')}-X`,
    flutterwaveSecretHash: options.secrets?.flutterwaveSecretHash ?? randomBytes(16).toString('hex'),
  };
  const store = new SandboxStore();
  const webhooks = new WebhookSender(
    { paystackSecretKey: secrets.paystackSecretKey, flutterwaveSecretHash: secrets.flutterwaveSecretHash },
    options.webhookUrls ?? {},
    {
      mode: options.webhookMode ?? 'once',
      lateDelayMs: options.lateDelayMs ?? 2000,
      retries: options.webhookRetries ?? 2,
      retryDelayMs: options.webhookRetryDelayMs ?? 500,
      flutterwaveSignature: options.flutterwaveSignature ?? true,
      ...(options.deliverWebhook ? { deliver: options.deliverWebhook } : {}),
    },
  );
  let baseUrl = '';
  const ctx: ApiContext = {
    store,
    secrets,
    baseUrl: () => baseUrl,
    businessName: options.businessName ?? 'Steward Sandbox',
  };
  let fault: { status: number; count: number; provider: ProviderName | null } | null = null;

  /** Applies the payer's choice and sends the webhooks it causes. */
  const complete = (tx: SandboxTransaction, outcome: CheckoutOutcome): boolean => {
    const before = tx.status;
    if (!store.choose(tx, outcome)) return false;
    if (tx.provider === 'paystack' && tx.status === 'success') {
      webhooks.send(
        'paystack',
        tx.reference,
        { event: 'charge.success', data: paystackTransaction(tx) },
        { event: 'charge.success', data: paystackTransaction(tx, 'failed') },
      );
    } else if (tx.provider === 'flutterwave' && (tx.status === 'successful' || tx.status === 'failed')) {
      const staleStatus = tx.status === 'successful' ? 'failed' : before === 'cancelled' ? 'cancelled' : 'pending';
      webhooks.send(
        'flutterwave',
        tx.reference,
        { event: 'charge.completed', data: flutterwaveTransaction(tx), 'event.type': 'CARD_TRANSACTION' },
        { event: 'charge.completed', data: flutterwaveTransaction(tx, staleStatus), 'event.type': 'CARD_TRANSACTION' },
      );
    }
    return true;
  };

  /** Where the payer goes after choosing, as each provider redirects. */
  const redirectOf = (tx: SandboxTransaction, outcome: CheckoutOutcome): string | null => {
    if (tx.provider === 'paystack') {
      const target = outcome === 'abandoned' && tx.cancelUrl ? tx.cancelUrl : tx.callbackUrl;
      return target ? withQuery(target, { trxref: tx.reference, reference: tx.reference }) : null;
    }
    if (!tx.callbackUrl) return null;
    const status = outcome === 'success' ? 'successful' : outcome === 'failed' ? 'failed' : 'cancelled';
    return withQuery(tx.callbackUrl, { status, tx_ref: tx.reference, transaction_id: String(tx.id) });
  };

  const returnUrlOf = (tx: SandboxTransaction): string | null =>
    redirectOf(
      tx,
      tx.status === 'success' || tx.status === 'successful'
        ? 'success'
        : tx.status === 'failed'
          ? 'failed'
          : 'abandoned',
    );

  const handleCheckout = async (req: IncomingMessage, res: ServerResponse, token: string) => {
    const tx = store.findByToken(token);
    if (!tx)
      return sendHtml(
        res,
        404,
        messagePage(
          'Payment not found',
          'This checkout link is not known to the sandbox (it forgets every payment when it restarts).',
        ),
      );
    const action = `/checkout/${encodeURIComponent(token)}`;
    if (req.method === 'GET' || req.method === 'HEAD') {
      store.open(tx);
      return sendHtml(res, 200, checkoutPage(tx, action, returnUrlOf(tx)));
    }
    if (req.method !== 'POST')
      return sendHtml(res, 405, messagePage('Not allowed', 'Use the buttons on the checkout page.'));
    const raw = await readBody(req);
    const outcome = raw ? new URLSearchParams(raw.toString('utf8')).get('outcome') : null;
    if (outcome !== 'success' && outcome !== 'failed' && outcome !== 'abandoned') {
      return sendHtml(res, 400, messagePage('Choose an outcome', 'Choose Succeed, Fail or Abandon.'));
    }
    if (isFinal(tx) || !complete(tx, outcome)) {
      return sendHtml(
        res,
        409,
        messagePage('Payment already completed', 'This payment was already completed.', returnUrlOf(tx)),
      );
    }
    const location = redirectOf(tx, outcome);
    if (!location)
      return sendHtml(
        res,
        200,
        messagePage('Payment recorded', 'No callback URL was given, so there is nowhere to return to.'),
      );
    res.writeHead(303, { location, 'cache-control': 'no-store' });
    res.end();
  };

  const handleControl = (path: string, method: string, body: unknown): ApiReply => {
    const b = isRecord(body) ? body : {};
    if (method === 'GET' && path === '/__sandbox/webhooks') {
      return {
        status: 200,
        body: { mode: webhooks.mode, lateDelayMs: webhooks.lateDelayMs, deliveries: webhooks.deliveries() },
      };
    }
    if (method === 'POST' && path === '/__sandbox/webhook-mode') {
      if (typeof b.mode !== 'string' || !WEBHOOK_MODES.includes(b.mode as WebhookMode)) {
        return { status: 400, body: { message: `mode must be one of ${WEBHOOK_MODES.join(', ')}` } };
      }
      const delay = b.lateDelayMs === undefined ? undefined : Number(b.lateDelayMs);
      if (delay !== undefined && (!Number.isInteger(delay) || delay < 0 || delay > 600_000)) {
        return { status: 400, body: { message: 'lateDelayMs must be an integer from 0 to 600000' } };
      }
      handle.setWebhookMode(b.mode as WebhookMode, delay === undefined ? {} : { lateDelayMs: delay });
      return { status: 200, body: { mode: webhooks.mode, lateDelayMs: webhooks.lateDelayMs } };
    }
    if (method === 'POST' && path === '/__sandbox/webhook-urls') {
      const urls: Partial<Record<ProviderName, string | null>> = {};
      for (const p of ['paystack', 'flutterwave'] as const) {
        if (b[p] === null || typeof b[p] === 'string') urls[p] = (b[p] as string | null) || null;
      }
      handle.setWebhookUrls(urls);
      return { status: 200, body: { webhookUrls: webhooks.urls } };
    }
    if (method === 'POST' && path === '/__sandbox/fault') {
      const status = Number(b.status);
      const count = b.count === undefined ? 1 : Number(b.count);
      const provider = b.provider === 'paystack' || b.provider === 'flutterwave' ? b.provider : undefined;
      if (!Number.isInteger(status) || status < 400 || status > 599 || !Number.isInteger(count) || count < 0) {
        return {
          status: 400,
          body: { message: 'status must be an HTTP error status (400-599) and count a whole number' },
        };
      }
      handle.failNext(status, { count, ...(provider ? { provider } : {}) });
      return { status: 200, body: { fault } };
    }
    if (method === 'POST' && path === '/__sandbox/override') {
      const provider = b.provider === 'paystack' || b.provider === 'flutterwave' ? b.provider : null;
      const reference = typeof b.reference === 'string' ? b.reference : '';
      const amount =
        typeof b.amountMinor === 'string' || typeof b.amountMinor === 'number' ? String(b.amountMinor) : undefined;
      if (!provider || !reference || (amount !== undefined && !/^\d{1,18}$/.test(amount))) {
        return {
          status: 400,
          body: { message: 'provider, reference and optionally amountMinor (digits) and currency are required' },
        };
      }
      const found = handle.overrideTransaction(provider, reference, {
        ...(amount !== undefined ? { amountMinor: BigInt(amount) } : {}),
        ...(typeof b.currency === 'string' ? { currency: b.currency.toUpperCase() } : {}),
      });
      return found ? { status: 200, body: { ok: true } } : { status: 404, body: { message: 'No such transaction' } };
    }
    return { status: 404, body: { message: 'Unknown sandbox control' } };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sandbox.local');
      const path = url.pathname;
      const checkout = /^\/checkout\/([A-Za-z0-9_-]{1,64})$/.exec(path);
      if (checkout) return handleCheckout(req, res, checkout[1] ?? '');
      if (path === '/' && req.method === 'GET') {
        return sendJson(res, {
          status: 200,
          body: {
            name: 'Steward payment sandbox',
            paystack: baseUrl,
            flutterwave: `${baseUrl}/v3`,
            webhookMode: webhooks.mode,
          },
        });
      }
      const raw = await readBody(req);
      if (raw === null)
        return sendJson(res, { status: 413, body: { status: false, message: 'Request body too large' } });
      let body: unknown = undefined;
      let invalidJson = false;
      if (raw.length > 0) {
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          invalidJson = true;
        }
      }
      if (path.startsWith('/__sandbox/')) {
        if (invalidJson) return sendJson(res, { status: 400, body: { message: 'Invalid JSON body' } });
        return sendJson(res, handleControl(path, req.method ?? 'GET', body));
      }
      const provider = providerOfPath(path);
      if (provider && fault && fault.count > 0 && (fault.provider === null || fault.provider === provider)) {
        fault.count -= 1;
        const status = fault.status;
        if (fault.count === 0) fault = null;
        const message =
          status === 429 ? 'Too many requests' : status >= 500 ? 'Internal server error' : 'Request refused';
        return sendJson(res, {
          status,
          body: provider === 'paystack' ? { status: false, message } : { status: 'error', message, data: null },
        });
      }
      const apiReq: ApiRequest = {
        method: req.method ?? 'GET',
        path,
        query: url.searchParams,
        headers: req.headers,
        body,
        invalidJson,
      };
      const reply = paystackApi(ctx, apiReq) ?? flutterwaveApi(ctx, apiReq);
      if (reply) return sendJson(res, reply);
      if (provider === 'flutterwave')
        return sendJson(res, { status: 404, body: { status: 'error', message: 'Route not found', data: null } });
      return sendJson(res, { status: 404, body: { status: false, message: 'Route not found' } });
    })().catch(() => {
      if (!res.headersSent) sendJson(res, { status: 500, body: { status: false, message: 'Sandbox error' } });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const linkHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  baseUrl = (options.publicUrl ?? `http://${linkHost}:${port}`).replace(/\/+$/, '');

  const view = (tx: SandboxTransaction): SandboxTransactionView => ({
    provider: tx.provider,
    reference: tx.reference,
    id: tx.id,
    status: tx.status,
    amountMinor: tx.amountMinor,
    currency: tx.currency,
    feeMinor: tx.feeMinor,
    checkoutUrl: `${baseUrl}/checkout/${tx.token}`,
    refunds: tx.refunds.map((r) => r.amountMinor),
    refundRequests: tx.refundRequests,
  });

  const handle: Sandbox = {
    url: baseUrl,
    host,
    port,
    secrets,
    webhookMode: () => webhooks.mode,
    setWebhookMode(mode, opts = {}) {
      if (!WEBHOOK_MODES.includes(mode)) throw new RangeError(`unknown webhook mode: ${String(mode)}`);
      webhooks.mode = mode;
      if (opts.lateDelayMs !== undefined) webhooks.lateDelayMs = opts.lateDelayMs;
    },
    setWebhookUrls(urls) {
      for (const p of ['paystack', 'flutterwave'] as const) if (p in urls) webhooks.urls[p] = urls[p] ?? null;
    },
    failNext(status, opts = {}) {
      const count = opts.count ?? 1;
      fault = count > 0 ? { status, count, provider: opts.provider ?? null } : null;
    },
    overrideTransaction(provider, reference, lie) {
      const tx = store.find(provider, reference);
      if (!tx) return false;
      tx.override = { ...(tx.override ?? {}), ...lie };
      return true;
    },
    transaction(provider, reference) {
      const tx = store.find(provider, reference);
      return tx ? view(tx) : null;
    },
    complete(provider, reference, outcome) {
      const tx = store.find(provider, reference);
      return tx ? complete(tx, outcome) : false;
    },
    deliveries: () => webhooks.deliveries(),
    idle: () => webhooks.idle(),
    async close() {
      await webhooks.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return handle;
}
