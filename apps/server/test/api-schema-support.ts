import type { BuiltApp } from '../src/app.ts';

/**
 * The route table as the OpenAPI document at GET /docs/json gives it, the places a value can
 * go (slots), and requests rendered as bytes (issue 6). The fuzz and cross-tenant suites are
 * built on it, so an operation added to the app is covered without editing them.
 */

export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
}

export type Where = 'path' | 'query' | 'header' | 'body';

export interface Param {
  name: string;
  in: Where | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  /** 'POST /api/...' */
  key: string;
  params: Param[];
  body?: JsonSchema;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<string, { parameters?: Param[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/**
 * Every operation of GET /docs/json. `total` counts all of them; `skipped` names those left
 * out: only the documentation itself (/docs...), which is static UI and takes no input.
 */
export async function loadOperations(app: BuiltApp): Promise<{ ops: Operation[]; total: number; skipped: string[] }> {
  const res = await app.inject({ method: 'GET', url: '/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /docs/json answered ${res.statusCode}`);
  const doc = res.json() as OpenApiDoc;
  const ops: Operation[] = [];
  const skipped: string[] = [];
  let total = 0;
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      if (!METHODS.has(m)) continue;
      total += 1;
      const key = `${m.toUpperCase()} ${path}`;
      if (path === '/docs' || path.startsWith('/docs/')) {
        skipped.push(key);
        continue;
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({ method: m.toUpperCase(), path, key, params: op.parameters ?? [], ...(body ? { body } : {}) });
    }
  }
  return { ops, total, skipped };
}

/**
 * The operations in the order the suites run them: reads, then writes, then what deletes,
 * deactivates or signs out (so the church keeps its data for the others); stable otherwise.
 */
export function destructiveLast(ops: Operation[]): { op: Operation; i: number }[] {
  const rank = (op: Operation) =>
    op.method === 'DELETE' || /delete|deactivate|logout/i.test(op.path) ? 2 : op.method === 'GET' ? 0 : 1;
  return ops.map((op, i) => ({ op, i })).sort((x, y) => rank(x.op) - rank(y.op) || x.i - y.i);
}

/** A request before it is rendered: values by place; `body` undefined means no body. */
export interface ReqSpec {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  header: Record<string, unknown>;
  body?: unknown;
}

/** One place a value goes: a parameter, the body, or a field nested in the body. */
export interface Slot {
  where: Where;
  /** keys below the place: [] for the body itself or ['name'] for a parameter */
  keys: (string | number)[];
  schema: JsonSchema;
  /** the nearest property name (hints for ids, dates, amounts) */
  name: string;
  label: string;
  required: boolean;
}

/** Every parameter and every body field (containers too, and the whole body), in order. */
export function slotsOf(op: Operation): Slot[] {
  const out: Slot[] = [];
  for (const p of op.params) {
    if (p.in === 'cookie') continue;
    out.push({
      where: p.in,
      keys: [p.name],
      schema: p.schema,
      name: p.name,
      label: `${p.in}.${p.name}`,
      required: !!p.required,
    });
  }
  if (op.body) walk(op.body, [], 'body', true, out);
  return out;
}

function walk(s: JsonSchema, keys: (string | number)[], name: string, required: boolean, out: Slot[]): void {
  const label = ['body', ...keys].join('.');
  out.push({ where: 'body', keys, schema: s, name, label, required });
  const alt = (s.anyOf ?? s.oneOf)?.find((a) => a.type === 'object' || a.type === 'array');
  const shape = alt ?? s;
  if (shape.type === 'object')
    for (const [k, v] of Object.entries(shape.properties ?? {}))
      walk(v, [...keys, k], k, (shape.required ?? []).includes(k), out);
  if (shape.type === 'array' && shape.items) walk(shape.items, [...keys, 0], name, true, out);
}

export const REMOVE = Symbol('remove');

/** A value written as raw JSON text (deep nesting, 1e999): what JSON.stringify cannot give. */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A copy of `spec` with `value` at `slot` (or the slot removed). */
export function withValue(spec: ReqSpec, slot: Slot, value: unknown): ReqSpec {
  const copy = structuredCloneSpec(spec);
  const place = slot.where === 'body' ? null : copy[slot.where];
  if (place) {
    const k = String(slot.keys[0]);
    if (value === REMOVE) delete place[k];
    else place[k] = value;
    return copy;
  }
  if (slot.keys.length === 0) {
    copy.body = value === REMOVE ? undefined : value;
    return copy;
  }
  let cur: unknown = copy.body;
  for (const k of slot.keys.slice(0, -1))
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[k] : undefined;
  if (!cur || typeof cur !== 'object') return copy;
  const last = slot.keys[slot.keys.length - 1]!;
  const target = cur as Record<string | number, unknown>;
  if (value === REMOVE) delete target[last];
  else target[last] = value;
  return copy;
}

/**
 * A copy in which every text field named ...name (query and body, not ids) ends in ` <n>`,
 * so replaying a create that once succeeded is not refused as a duplicate name.
 */
export function uniqueNames(spec: ReqSpec, n: number): ReqSpec {
  const copy = structuredCloneSpec(spec);
  const visit = (v: unknown): void => {
    if (!v || typeof v !== 'object' || v instanceof RawJson) return;
    for (const [k, x] of Object.entries(v)) {
      if (typeof x === 'string' && /name$/i.test(k) && x.trim())
        (v as Record<string, unknown>)[k] = `${x.slice(0, 100)} ${n}`;
      else visit(x);
    }
  };
  visit(copy.query);
  visit(copy.body);
  return copy;
}

/** The value at a slot of a spec, or undefined. */
export function valueAt(spec: ReqSpec, slot: Slot): unknown {
  let cur: unknown = slot.where === 'body' ? spec.body : spec[slot.where];
  for (const k of slot.keys)
    cur = cur && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[k] : undefined;
  return cur;
}

function structuredCloneSpec(spec: ReqSpec): ReqSpec {
  const clone = (v: unknown): unknown =>
    v instanceof RawJson
      ? v
      : Array.isArray(v)
        ? v.map(clone)
        : v && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clone(x)]))
          : v;
  return {
    path: clone(spec.path) as Record<string, unknown>,
    query: clone(spec.query) as Record<string, unknown>,
    header: clone(spec.header) as Record<string, unknown>,
    ...(spec.body === undefined ? {} : { body: clone(spec.body) }),
  };
}

export interface Rendered {
  method: string;
  url: string;
  payload?: string;
  headers: Record<string, string>;
}

const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * The request as bytes: query values URL-encoded (an array repeats the key), the body as
 * JSON text with RawJson values spliced in. Answers null when a header value cannot be
 * sent at all (control characters are not representable in HTTP headers).
 */
export function render(op: Operation, spec: ReqSpec): Rendered | null {
  let url = op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeText(scalarText(spec.path[n])));
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(spec.query)) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v.map(scalarText) : [scalarText(v)];
    for (const x of values) pairs.push(`${encodeText(k)}=${encodeText(x)}`);
  }
  if (pairs.length) url += `?${pairs.join('&')}`;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(spec.header)) {
    if (v === undefined) continue;
    const text = Array.isArray(v) ? v.map(scalarText).join(',') : scalarText(v);
    if (!HEADER_SAFE.test(text)) return null;
    headers[k] = text;
  }
  if (spec.body === undefined) return { method: op.method, url, headers };
  headers['content-type'] = 'application/json';
  return { method: op.method, url, headers, payload: jsonText(spec.body) };
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the three
 * bytes a careless encoder would write (CESU-8), i.e. as invalid UTF-8.
 */
function encodeText(s: string): string {
  let out = '';
  for (const ch of s) {
    const u = ch.charCodeAt(0);
    out +=
      ch.length === 1 && u >= 0xd800 && u <= 0xdfff
        ? [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('')
        : encodeURIComponent(ch);
  }
  return out;
}

function scalarText(v: unknown): string {
  if (v instanceof RawJson) return v.text;
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** JSON.stringify, with RawJson values replaced by their text. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `\u0001RAW${raws.length - 1}\u0001`;
    }
    return v;
  });
  return raws.length === 0 ? text : text.replace(/"\\u0001RAW(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

/** Parses a recorded request (url and JSON text) into a spec of `op`, or null when it is another route. */
export function specFromRecorded(
  op: Operation,
  rec: { method: string; url: string; payload?: string },
): ReqSpec | null {
  const [pathPart = '', queryPart = ''] = rec.url.split('?');
  const names: string[] = [];
  const pattern = op.path
    .split(/\{([^}]+)\}/)
    .map((part, i) => (i % 2 ? (names.push(part), '([^/]+)') : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  const m = new RegExp(`^${pattern}/?$`, 'i').exec(pathPart);
  if (rec.method !== op.method || !m) return null;
  const path = Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
  const query: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(queryPart)) {
    const name = op.params.find((p) => p.in === 'query' && p.name.toLowerCase() === k.toLowerCase())?.name ?? k;
    query[name] = v;
  }
  const spec: ReqSpec = { path, query, header: {} };
  if (rec.payload !== undefined) spec.body = JSON.parse(rec.payload) as unknown;
  return spec;
}
