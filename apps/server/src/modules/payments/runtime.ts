import type { TConfig } from '../../config.ts';
import { FlutterwaveProvider } from './flutterwave.ts';
import { PaystackProvider } from './paystack.ts';
import { ProviderError, type PaymentProvider, type PaymentProviders, type ProviderName } from './provider.ts';
import { startSandbox, type Sandbox, type SandboxOptions } from './sandbox/server.ts';

/** Payments' moving parts in one process (issue 10 'Providers, real on the wire'). */
export interface PaymentsRuntime {
  providers: PaymentProviders;
  /** the local provider sandbox, when this process started it (no provider keys configured) */
  sandbox: Sandbox | null;
  close(): Promise<void>;
}

/** Options beyond config, for tests and tools. */
export interface PaymentsOptions {
  /**
   * Steward's own address, to which the sandbox sends webhooks (`{appUrl}/api/Payments/{provider}/webhook`).
   * Default: PUBLIC_URL; else http://127.0.0.1:{PORT} (HOST when it names one address); null when
   * PORT is 0 (set them later with `sandbox.setWebhookUrls(paymentsWebhookUrls(url))`).
   */
  appUrl?: string | null;
  /** more sandbox options (e.g. `deliverWebhook` to send webhooks through app.inject, `lateDelayMs`) */
  sandbox?: Partial<SandboxOptions>;
  /** time allowed for one provider call in milliseconds; default 15000 */
  timeoutMs?: number;
}

/** The webhook addresses Steward exposes: `{appUrl}/api/Payments/paystack/webhook` and `.../flutterwave/webhook`. */
export function paymentsWebhookUrls(appUrl: string): Record<ProviderName, string> {
  const base = appUrl.replace(/\/+$/, '');
  return { paystack: `${base}/api/Payments/paystack/webhook`, flutterwave: `${base}/api/Payments/flutterwave/webhook` };
}

/** Steward's own address as the sandbox on this machine reaches it, or null when not known (PORT 0). */
function defaultAppUrl(config: TConfig): string | null {
  if (config.PUBLIC_URL) return config.PUBLIC_URL;
  if (!config.PORT) return null;
  const wildcard = config.HOST === '0.0.0.0' || config.HOST === '::' || config.HOST === '';
  const host = wildcard ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/**
 * Opens both providers from config (issue 10):
 * - PAYSTACK_SECRET_KEY and FLUTTERWAVE_SECRET_KEY both unset: starts the local sandbox on
 *   PAYMENTS_SANDBOX_HOST:PAYMENTS_SANDBOX_PORT with keys generated for this process, webhooks in
 *   PAYMENTS_SANDBOX_WEBHOOKS mode to Steward's webhook URLs, and points both adapters at it;
 * - otherwise each provider whose key is set speaks to its real API (PAYSTACK_BASE_URL,
 *   FLUTTERWAVE_BASE_URL); a provider without a key answers every call with ProviderError
 *   'unavailable' ('... is not configured') and refuses every webhook. No sandbox.
 * Throws an Error naming the setting when FLUTTERWAVE_SECRET_KEY is set without
 * FLUTTERWAVE_SECRET_HASH (its webhooks could never be checked), or when the sandbox cannot listen.
 */
export async function openPayments(config: TConfig, options: PaymentsOptions = {}): Promise<PaymentsRuntime> {
  const http = options.timeoutMs ? { timeoutMs: options.timeoutMs } : {};
  if (!config.PAYSTACK_SECRET_KEY && !config.FLUTTERWAVE_SECRET_KEY) {
    const appUrl = options.appUrl === undefined ? defaultAppUrl(config) : options.appUrl;
    const sandbox = await startSandbox({
      port: config.PAYMENTS_SANDBOX_PORT,
      host: config.PAYMENTS_SANDBOX_HOST,
      webhookMode: config.PAYMENTS_SANDBOX_WEBHOOKS,
      webhookUrls: appUrl ? paymentsWebhookUrls(appUrl) : {},
      ...options.sandbox,
    });
    const providers: PaymentProviders = {
      paystack: new PaystackProvider({ baseUrl: sandbox.url, secretKey: sandbox.secrets.paystackSecretKey, ...http }),
      flutterwave: new FlutterwaveProvider({
        baseUrl: sandbox.url,
        secretKey: sandbox.secrets.flutterwaveSecretKey,
        secretHash: sandbox.secrets.flutterwaveSecretHash,
        ...http,
      }),
    };
    return { providers, sandbox, close: () => sandbox.close() };
  }
  if (config.FLUTTERWAVE_SECRET_KEY && !config.FLUTTERWAVE_SECRET_HASH) {
    throw new Error(
      'Invalid configuration:\n  FLUTTERWAVE_SECRET_HASH: required with FLUTTERWAVE_SECRET_KEY (the secret hash set for webhooks on the Flutterwave dashboard)',
    );
  }
  const providers: PaymentProviders = {
    paystack: config.PAYSTACK_SECRET_KEY
      ? new PaystackProvider({ baseUrl: config.PAYSTACK_BASE_URL, secretKey: config.PAYSTACK_SECRET_KEY, ...http })
      : unconfigured('paystack'),
    flutterwave: config.FLUTTERWAVE_SECRET_KEY
      ? new FlutterwaveProvider({
          baseUrl: config.FLUTTERWAVE_BASE_URL,
          secretKey: config.FLUTTERWAVE_SECRET_KEY,
          secretHash: config.FLUTTERWAVE_SECRET_HASH ?? '',
          ...http,
        })
      : unconfigured('flutterwave'),
  };
  return { providers, sandbox: null, close: async () => {} };
}

/** A provider without a key: every call fails 'unavailable', every webhook is refused. */
function unconfigured(name: ProviderName): PaymentProvider {
  const setting = name === 'paystack' ? 'PAYSTACK_SECRET_KEY' : 'FLUTTERWAVE_SECRET_KEY';
  const label = name === 'paystack' ? 'Paystack' : 'Flutterwave';
  const fail = async (): Promise<never> => {
    throw new ProviderError(name, 'unavailable', `${label} is not configured (${setting} is not set)`);
  };
  return {
    name,
    initialize: fail,
    verify: fail,
    refund: fail,
    listBanks: fail,
    resolveAccount: fail,
    createSubaccount: fail,
    listSubaccounts: fail,
    parseWebhook: () => null,
  };
}
