import { CSRF_HEADER } from '@steward/contracts/auth-constants';
import type { z } from 'zod';

/*
 * No runtime import of zod here (issue 7 'Speed'): the sign-in page sends its request through
 * this module without downloading zod. Answers are checked against the schema a caller passes
 * (`schema.safeParse`); error bodies with the plain type guards below.
 */

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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** A valid `errors[]` item of the error envelope: `{ field, message }`, both text. */
const isFieldError = (v: unknown): v is FieldError =>
  isRecord(v) && typeof v.field === 'string' && typeof v.message === 'string';

/**
 * The 400/404/409 error envelope (contracts ZErrorEnvelope): `status: false`, `response` text,
 * `returnObject: null`, and `errors` absent or a list of FieldError.
 */
function isErrorEnvelope(v: unknown): v is { response: string; errors?: FieldError[] } {
  return (
    isRecord(v) &&
    v.status === false &&
    typeof v.response === 'string' &&
    v.returnObject === null &&
    (v.errors === undefined || (Array.isArray(v.errors) && v.errors.every(isFieldError)))
  );
}

/** The 401/429 answer (contracts ZMessage): `{ message }` with text. */
const isMessage = (v: unknown): v is { message: string } => isRecord(v) && typeof v.message === 'string';

/**
 * The server answered with a non-2xx status. `body` is the parsed JSON (or text) as sent.
 * `serverMessage` is the human text of the answer: `response` of the error envelope (400/404),
 * `message` of 401/429 answers, or a bare JSON string (POST /api/EventCategory's refusal).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly fieldErrors: FieldError[];
  readonly serverMessage: string | null;

  constructor(status: number, body: unknown) {
    const envelope = isErrorEnvelope(body) ? body : null;
    const serverMessage = envelope
      ? envelope.response
      : isMessage(body)
        ? body.message
        : typeof body === 'string' && body !== ''
          ? body
          : null;
    super(serverMessage ?? `HTTP ${status}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.serverMessage = serverMessage;
    this.fieldErrors = envelope ? (envelope.errors ?? []) : [];
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
  /** Sent as JSON; a FormData goes as multipart/form-data as it is (see sendForm). */
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
 * The one fetch wrapper of the app, without answer validation: same-origin cookie session,
 * CSRF header and JSON body on writes (a FormData body as multipart/form-data), timeout.
 * `request` adds the contract check; the sign-in page calls this directly so that it does not
 * load zod (issue 7 'Speed').
 * @returns the parsed JSON of a 2xx answer (text when not JSON, null when empty).
 * @throws NetworkError (fetch rejected), TimeoutError, HttpError (non-2xx).
 */
export async function send(path: string, opts: RequestOptions = {}): Promise<unknown> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (method !== 'GET') headers[CSRF_HEADER] = '1';
  // The browser labels a FormData body itself (multipart/form-data with its boundary).
  const form = opts.body instanceof FormData;
  // Only with a body: Fastify answers 400 to an empty body labelled application/json.
  if (opts.body !== undefined && !form) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined || opts.body instanceof FormData ? opts.body : JSON.stringify(opts.body),
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
  return body;
}

/**
 * `send`, then validation of the answer against the contract schema.
 * @returns the parsed answer (`schema` output).
 * @throws NetworkError (fetch rejected), TimeoutError, HttpError (non-2xx), ContractError.
 */
export async function request<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<z.output<S>> {
  const body = await send(path, opts);
  const method = opts.method ?? 'GET';
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Answer of ${method} ${path} does not match its contract`, parsed.error.issues);
    throw new ContractError(path, parsed.error.issues);
  }
  return parsed.data;
}

/**
 * `request` with a multipart/form-data body (uploads: default messages' voice file, the compose
 * page's contacts file): the same cookie session, CSRF header, timeout, sign-out on 401, errors
 * (the error envelope becomes an HttpError with its fields at fault) and contract check.
 * @param path the API path, e.g. '/api/Messaging/ReadContactsFile'
 * @param schema the contract of the 2xx answer
 * @param form the fields and files, sent as they are (values are text, as the browser sends them)
 * @param opts.method POST (default) or PUT
 * @returns the parsed answer (`schema` output).
 * @throws NetworkError, TimeoutError, HttpError (non-2xx), ContractError.
 */
export function sendForm<S extends z.ZodType>(
  path: string,
  schema: S,
  form: FormData,
  opts: { method?: 'POST' | 'PUT' } = {},
): Promise<z.output<S>> {
  return request(path, schema, { method: opts.method ?? 'POST', body: form });
}

/** True when the error means "the internet connection was disrupted" (spec §8). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof NetworkError;
}

/** The server's text for a failed call, or null when it gave none. */
export function serverMessageOf(err: unknown): string | null {
  return err instanceof HttpError ? err.serverMessage : null;
}
