import { flutterwaveSignature } from '../flutterwave.ts';
import { paystackSignature } from '../paystack.ts';
import type { ProviderName } from '../provider.ts';
import { toJson } from './wire.ts';

/**
 * The sandbox's webhook sender (issue 10 'signed webhooks sent to Steward (once, late, twice, out
 * of order: configurable)'). Each event is signed as its provider signs it and POSTed to that
 * provider's webhook URL; a delivery that fails (network error or a non-2xx answer) is retried a
 * few times. Nothing here logs; `deliveries()` keeps what was sent (provider, event, reference,
 * answer), never payer data.
 */

/**
 * - 'once': each event once, right after the payer's choice (the default);
 * - 'late': once, `lateDelayMs` after the choice (after the redirect has landed);
 * - 'twice': the same signed event twice, at once;
 * - 'out-of-order': the event, then a stale copy of the transaction as it looked before the
 *   choice ('failed' after a success; 'pending'/'ongoing' after a failure), both validly signed;
 * - 'none': no webhooks.
 */
export type WebhookMode = 'once' | 'late' | 'twice' | 'out-of-order' | 'none';
export const WEBHOOK_MODES: readonly WebhookMode[] = ['once', 'late', 'twice', 'out-of-order', 'none'];

/** One signed POST about to be sent. */
export interface OutgoingWebhook {
  provider: ProviderName;
  url: string;
  headers: Record<string, string>;
  /** the raw JSON body, exactly as signed */
  body: string;
}

/** Sends one webhook and answers the HTTP status (replaces the HTTP POST, e.g. to drive app.inject). */
export type WebhookDeliverer = (webhook: OutgoingWebhook) => Promise<number>;

/** What the sandbox did with one webhook attempt. */
export interface WebhookDelivery {
  provider: ProviderName;
  event: string;
  reference: string;
  /** a stale copy sent by 'out-of-order' */
  stale: boolean;
  attempt: number;
  /** the receiver's HTTP status, or null when it could not be reached */
  status: number | null;
  /** 'no webhook URL' when the provider has none set (nothing was sent) */
  error: string | null;
  at: string;
}

export interface WebhookSecrets {
  paystackSecretKey: string;
  flutterwaveSecretHash: string;
}

export interface WebhookSenderOptions {
  mode: WebhookMode;
  lateDelayMs: number;
  /** tries after the first on failure; default 2 */
  retries?: number;
  /** delay before the n-th retry is retryDelayMs * 2^(n-1); default 500 */
  retryDelayMs?: number;
  /** Flutterwave: also send `flutterwave-signature` (newer accounts); default true */
  flutterwaveSignature?: boolean;
  deliver?: WebhookDeliverer;
  timeoutMs?: number;
}

export class WebhookSender {
  mode: WebhookMode;
  lateDelayMs: number;
  urls: Record<ProviderName, string | null>;
  private readonly log: WebhookDelivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly waiters = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly secrets: WebhookSecrets,
    urls: Partial<Record<ProviderName, string | null>>,
    private readonly options: WebhookSenderOptions,
  ) {
    this.mode = options.mode;
    this.lateDelayMs = options.lateDelayMs;
    this.urls = { paystack: urls.paystack ?? null, flutterwave: urls.flutterwave ?? null };
  }

  /** Every attempt so far, oldest first (copies). */
  deliveries(): WebhookDelivery[] {
    return this.log.map((d) => ({ ...d }));
  }

  /**
   * Sends `event` (and, in 'out-of-order' mode, `stale` after it) as the current mode says.
   * Returns at once; `idle()` resolves when everything scheduled has been sent.
   */
  send(
    provider: ProviderName,
    reference: string,
    event: Record<string, unknown>,
    stale: Record<string, unknown> | null,
  ) {
    if (this.closed || this.mode === 'none') return;
    const one = (body: Record<string, unknown>, isStale: boolean) =>
      this.deliverWithRetries(provider, reference, body, isStale);
    switch (this.mode) {
      case 'once':
        this.track(one(event, false));
        break;
      case 'twice':
        this.track(Promise.all([one(event, false), one(event, false)]).then(() => {}));
        break;
      case 'out-of-order':
        this.track(one(event, false).then(() => (stale ? one(stale, true) : undefined)));
        break;
      case 'late':
        this.track(this.sleep(this.lateDelayMs).then(() => one(event, false)));
        break;
    }
  }

  /** Resolves when no webhook is scheduled or being sent. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Cancels pending deliveries and waits for the ones being sent. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const wake of this.waiters) wake();
    this.waiters.clear();
    await this.idle();
  }

  private track(p: Promise<void>) {
    const tracked = p.catch(() => {}).finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** Resolves after `ms`, or at once when the sender closes. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      const wake = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.timers.add(timer);
      this.waiters.add(wake);
    });
  }

  /** The headers a provider signs a body with. */
  signedHeaders(provider: ProviderName, body: string): Record<string, string> {
    if (provider === 'paystack') {
      return {
        'content-type': 'application/json',
        'x-paystack-signature': paystackSignature(body, this.secrets.paystackSecretKey),
      };
    }
    return {
      'content-type': 'application/json',
      'verif-hash': this.secrets.flutterwaveSecretHash,
      ...(this.options.flutterwaveSignature === false
        ? {}
        : { 'flutterwave-signature': flutterwaveSignature(body, this.secrets.flutterwaveSecretHash) }),
    };
  }

  private async deliverWithRetries(
    provider: ProviderName,
    reference: string,
    event: Record<string, unknown>,
    stale: boolean,
  ): Promise<void> {
    const body = toJson(event);
    const name = typeof event.event === 'string' ? event.event : 'event';
    const retries = this.options.retries ?? 2;
    for (let attempt = 1; attempt <= retries + 1 && !this.closed; attempt += 1) {
      const url = this.urls[provider];
      const record: WebhookDelivery = {
        provider,
        event: name,
        reference,
        stale,
        attempt,
        status: null,
        error: null,
        at: new Date().toISOString(),
      };
      this.log.push(record);
      if (!url && !this.options.deliver) {
        record.error = 'no webhook URL';
        return;
      }
      try {
        const webhook = { provider, url: url ?? '', headers: this.signedHeaders(provider, body), body };
        record.status = this.options.deliver ? await this.options.deliver(webhook) : await this.post(webhook);
        if (record.status >= 200 && record.status < 300) return;
      } catch (e) {
        record.error = e instanceof Error ? e.name : 'error';
      }
      if (attempt <= retries) await this.sleep((this.options.retryDelayMs ?? 500) * 2 ** (attempt - 1));
    }
  }

  private async post(webhook: OutgoingWebhook): Promise<number> {
    const res = await fetch(webhook.url, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    return res.status;
  }
}
