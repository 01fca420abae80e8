import { CSRF_HEADER } from '@steward/contracts/auth';
import { ZErrorEnvelope, ZMessage } from '@steward/contracts/common';
import type { z } from 'zod';

/** The request never reached the server or its answer never arrived (offline, DNS, reset). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** The server did not answer within REQUEST_TIMEOUT_MS. */
export class TimeoutError extends Error {
  constructor() {
    super('Request took too long to respond');
    this.name = 'TimeoutError';
  }
}

/** One invalid field of a 400 answer. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * The server answered with a non-2xx status. `body` is the parsed JSON (or text) as sent.
 * `serverMessage` is the human text of the answer: `response` of the error envelope (400/404)
 * or `message` of 401/429 answers.
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: FieldError[];
  readonly serverMessage: string | null;

  constructor(status: number, body: unknown) {
    const envelope = ZErrorEnvelope.safeParse(body);
    const bare = ZMessage.safeParse(body);
    const serverMessage = envelope.success ? envelope.data.response : bare.success ? bare.data.message : null;
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
    this.fieldErrors = envelope.success ? (envelope.data.errors ?? []) : [];
  }
}

/** A 2xx answer did not match the contract schema: a client/server version mismatch. */
export class ContractError extends Error {
  readonly path: string;
  readonly issues: z.ZodError['issues'];

  constructor(path: string, issues: z.ZodError['issues']) {
    super(`Unexpected answer from ${path}`);
    this.name = 'ContractError';
    this.path = path;
    this.issues = issues;
  }
}

export const REQUEST_TIMEOUT_MS = 30_000;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Registers what a 401 does (clear the cache, go to /signin). Set once by the app root. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

export type QueryValue = string | number | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A 401 is an expected answer (sign-in): do not run the global sign-out. */
  allowUnauthorized?: boolean;
  signal?: AbortSignal;
}

/** Builds `path?query` leaving out empty values. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one fetch wrapper of the app: same-origin cookie session, CSRF header and JSON body on
 * writes, timeout, and answer validation against the contract schema.
 * @returns the parsed answer (`schema` output).
 * @throws NetworkError (fetch rejected), TimeoutError, HttpError (non-2xx), ContractError.
 */
export async function request<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<z.output<S>> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  // Only with a body: Fastify answers 400 to an empty body labelled application/json.
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    if (timeout.aborted) throw new TimeoutError();
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError(err);
  }
  const body = await readBody(res);
  if (!res.ok) {
    if (res.status === 401 && !opts.allowUnauthorized) onUnauthorized?.();
    throw new HttpError(res.status, body);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Answer of ${method} ${path} does not match its contract`, parsed.error.issues);
    throw new ContractError(path, parsed.error.issues);
  }
  return parsed.data;
}

/** True when the error means "the internet connection was disrupted" (spec §8). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof NetworkError;
}

/** The server's text for a failed call, or null when it gave none. */
export function serverMessageOf(err: unknown): string | null {
  return err instanceof HttpError ? err.serverMessage : null;
}
