import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxStore, SandboxTransaction } from './store.ts';

/** What the provider API handlers of the sandbox see and answer. */
export interface ApiRequest {
  method: string;
  /** the path without its query */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** the parsed JSON body; undefined when there was none; `invalidJson` when it did not parse */
  body: unknown;
  invalidJson: boolean;
}

export interface ApiReply {
  status: number;
  body: unknown;
}

export interface SandboxSecrets {
  /** Paystack secret key (Bearer for its API, and the key of its webhook HMAC) */
  paystackSecretKey: string;
  /** Flutterwave secret key (Bearer for its API) */
  flutterwaveSecretKey: string;
  /** Flutterwave secret hash (`verif-hash`, and the key of `flutterwave-signature`) */
  flutterwaveSecretHash: string;
}

/** The sandbox as its API handlers use it. */
export interface ApiContext {
  store: SandboxStore;
  secrets: SandboxSecrets;
  /** the sandbox's own address, e.g. http://127.0.0.1:4600 */
  baseUrl(): string;
  /** the merchant shown when neither a subaccount nor a title names one */
  businessName: string;
}

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The bearer token of a request, or null. */
export function bearer(headers: IncomingHttpHeaders): string | null {
  const auth = headers.authorization;
  if (typeof auth !== 'string') return null;
  const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
  return m ? (m[1] ?? '').trim() : null;
}

/** A loose e-mail check, as the providers do (something@something.tld). */
export const looksLikeEmail = (v: unknown): v is string =>
  typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) && v.length <= 254;

/** An absolute http(s) URL, or null. */
export function httpUrl(v: unknown): string | null {
  if (typeof v !== 'string' || !v.trim()) return null;
  try {
    const u = new URL(v.trim());
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null;
  } catch {
    return null;
  }
}

/** The checkout page address of a transaction. */
export const checkoutUrl = (ctx: ApiContext, tx: SandboxTransaction) => `${ctx.baseUrl()}/checkout/${tx.token}`;

/** A text field of a JSON body, trimmed, or null when missing or empty. */
export function text(body: Record<string, unknown>, key: string): string | null {
  const v = body[key];
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() ? v.trim() : null;
}
