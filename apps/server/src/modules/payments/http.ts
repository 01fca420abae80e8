import { request } from 'undici';
import { ProviderError, type ProviderName } from './provider.ts';

/**
 * One HTTP call to a provider's REST API, bounded in time, with its failures normalised to
 * ProviderError (issue 10 'Providers, real on the wire'). Shared by `paystack.ts` and
 * `flutterwave.ts`; nothing here logs, and no error message carries the secret key, the
 * request body or the URL's query (which may carry an account number).
 */

/** How an adapter reaches its provider. */
export interface ProviderHttpOptions {
  /** e.g. 'https://api.paystack.co' (no trailing slash) */
  baseUrl: string;
  /** sent as `Authorization: Bearer <secretKey>` */
  secretKey: string;
  /** time allowed for one call, answer included, in milliseconds; default 15000 */
  timeoutMs?: number;
}

/** A provider's answer that arrived: the HTTP status and the parsed JSON body (null when not JSON). */
export interface ProviderAnswer {
  status: number;
  body: unknown;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Longest provider message repeated in a ProviderError. */
const MAX_MESSAGE = 300;

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The provider's own `message`, trimmed and bounded, or null. */
export function providerMessage(body: unknown): string | null {
  if (!isRecord(body) || typeof body.message !== 'string') return null;
  const text = body.message.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

/** Longest answer body read from a provider (their answers are a few kilobytes). */
const MAX_ANSWER_BYTES = 1_000_000;

/**
 * Sends `method path` with an optional JSON body (`rawJson`: already serialised, so amounts can be
 * written as exact decimal text) and answers the status and parsed body of ANY answer that
 * arrived. Throws ProviderError 'unavailable' when no answer arrived (network error, timeout) or
 * the answer is larger than MAX_ANSWER_BYTES.
 * Sent with undici's `request` over its keep-alive connection pool: a quarter of the CPU of a
 * `fetch` per call, which giving's initialise pays on every gift (issue 10 'Speed'). Redirects
 * are not followed: a provider API never redirects, so a 3xx means a wrong base URL.
 */
export async function sendToProvider(
  provider: ProviderName,
  options: ProviderHttpOptions,
  method: 'GET' | 'POST',
  path: string,
  rawJson?: string,
): Promise<ProviderAnswer> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let status: number;
  let text: string;
  try {
    const res = await request(`${options.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.secretKey}`,
        accept: 'application/json',
        ...(rawJson === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(rawJson === undefined ? {} : { body: rawJson }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.statusCode;
    text = await readBounded(res.body);
  } catch (e) {
    if (e instanceof AnswerTooLarge) {
      throw new ProviderError(provider, 'unavailable', `${label(provider)} answered more than 1 MB`, status!);
    }
    const timedOut = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
    throw new ProviderError(
      provider,
      'unavailable',
      timedOut ? `${label(provider)} did not answer in time` : `Could not reach ${label(provider)}`,
    );
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status, body };
}

/** An answer body over MAX_ANSWER_BYTES. */
class AnswerTooLarge extends Error {}

/**
 * The body as UTF-8 text, read chunk by chunk; stops reading (and destroys the stream) as soon as
 * it passes MAX_ANSWER_BYTES, throwing AnswerTooLarge, so a runaway answer never fills memory.
 */
async function readBounded(stream: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += chunk.length;
    if (bytes > MAX_ANSWER_BYTES) {
      stream.destroy();
      throw new AnswerTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, bytes).toString('utf8');
}

/** 'Paystack' / 'Flutterwave', for messages. */
export const label = (provider: ProviderName): string => (provider === 'paystack' ? 'Paystack' : 'Flutterwave');

/**
 * The ProviderError for an answer that is not a success:
 * 401/403 -> 'unauthorised'; 408, 429, 5xx -> 'unavailable'; 404 -> 'not_found'; a verify whose
 * message says the transaction was not found -> 'not_found'; any other 4xx -> 'invalid' with
 * the provider's message. Other statuses (1xx, 3xx, a 2xx the caller could not read) ->
 * 'unavailable'.
 */
export function failureOf(provider: ProviderName, answer: ProviderAnswer, opts: { verify?: boolean } = {}) {
  const { status, body } = answer;
  const said = providerMessage(body);
  const name = label(provider);
  if (status === 401 || status === 403) {
    return new ProviderError(provider, 'unauthorised', `${name} refused the secret key (HTTP ${status})`, status);
  }
  if (status === 408 || status === 429 || status >= 500) {
    const why = status === 429 ? 'asked to slow down' : 'had a temporary error';
    return new ProviderError(provider, 'unavailable', `${name} ${why} (HTTP ${status})`, status);
  }
  if (
    status === 404 ||
    (opts.verify && status >= 400 && status < 500 && said && /\b(not|no)\b.*\bfound\b/i.test(said))
  ) {
    return new ProviderError(provider, 'not_found', said ?? `${name} found no such transaction`, status);
  }
  if (status >= 400 && status < 500) {
    return new ProviderError(provider, 'invalid', said ?? `${name} refused the request (HTTP ${status})`, status);
  }
  return new ProviderError(
    provider,
    'unavailable',
    `${name} gave an answer Steward could not read (HTTP ${status})`,
    status,
  );
}

/** An answer whose body is not what the documentation promises: the provider is not usable right now. */
export function unreadable(provider: ProviderName, what: string, status?: number): ProviderError {
  return new ProviderError(provider, 'unavailable', `${label(provider)} answered without ${what}`, status);
}

/** A value the provider gives as a JSON number or numeric string, as text ('12', 12 -> '12'); null otherwise. */
export function idText(v: unknown): string | null {
  if (typeof v === 'string' && v.trim() !== '') return v.trim();
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return null;
}

/** A header's single value ('' when absent; the first when repeated). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name] ?? headers[name.toLowerCase()];
  if (Array.isArray(v)) return v[0] ?? '';
  return v ?? '';
}

/** How a provider's answers say yes: the body convention of its API. */
export interface ProviderConvention {
  /** prefix of every path on the base URL ('' for Paystack, '/v3' for Flutterwave) */
  pathPrefix: string;
  /** true when a 2xx body is nonetheless a refusal (Paystack `status: false`; Flutterwave `status` not 'success') */
  refused(body: Record<string, unknown>): boolean;
  /** the answer must carry a `data` key (Paystack) */
  requireData: boolean;
}

/**
 * The part both adapters share (issue 10; one place for it): the base URL (trailing slashes
 * dropped), the bearer key, the bounded call (sendToProvider) and the reading of `{status,
 * message, data}` answers into `data` or the mapped ProviderError (failureOf).
 */
export class ProviderApi {
  readonly http: ProviderHttpOptions;

  constructor(
    readonly provider: ProviderName,
    options: ProviderHttpOptions,
    private readonly convention: ProviderConvention,
  ) {
    this.http = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
  }

  /** `method pathPrefix+path` with an optional JSON text body: the raw answer (see sendToProvider). */
  send(method: 'GET' | 'POST', path: string, rawJson?: string): Promise<ProviderAnswer> {
    return sendToProvider(this.provider, this.http, method, `${this.convention.pathPrefix}${path}`, rawJson);
  }

  /**
   * `data` of a successful answer; throws the mapped ProviderError otherwise (`verify`: a 4xx
   * saying 'not found' is 'not_found'). A 2xx the convention calls a refusal is mapped as a 400.
   */
  dataOf(answer: ProviderAnswer, verify = false): unknown {
    if (answer.status < 200 || answer.status >= 300) throw failureOf(this.provider, answer, { verify });
    if (!isRecord(answer.body)) throw unreadable(this.provider, 'a JSON body', answer.status);
    if (this.convention.refused(answer.body))
      throw failureOf(this.provider, { status: 400, body: answer.body }, { verify });
    if (this.convention.requireData && !('data' in answer.body)) throw unreadable(this.provider, 'data', answer.status);
    return answer.body.data;
  }

  /** send() then dataOf(). `rawJson` is the body already serialised (exact amounts: jsonWithNumber). */
  async call(method: 'GET' | 'POST', path: string, rawJson?: string, verify = false): Promise<unknown> {
    return this.dataOf(await this.send(method, path, rawJson), verify);
  }
}
