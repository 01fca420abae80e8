import fc from 'fast-check';
import type { BuiltApp } from '../src/app.ts';

/**
 * The route table as the OpenAPI document at GET /docs/json gives it, and request
 * generation from its JSON schemas (issue 6). The fuzz and cross-tenant suites are built
 * on it, so an operation added to the app is covered without editing them.
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
  let url = op.path.replace(/\{([^}]+)\}/g, (_m, n: string) => encodeURIComponent(scalarText(spec.path[n])));
  const pairs: string[] = [];
  for (const [k, v] of Object.entries(spec.query)) {
    if (v === undefined) continue;
    const values = Array.isArray(v) ? v.map(scalarText) : [scalarText(v)];
    for (const x of values) pairs.push(`${encodeURIComponent(k)}=${encodeURIComponent(x)}`);
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

/** Ids of one church by table (read as the owner role); `all` is every one of them. */
export interface IdPools {
  byTable: Record<string, string[]>;
  all: string[];
}

const NAME_HINTS: [RegExp, string][] = [
  [/fund/i, 'funds'],
  [/group|head/i, 'account_groups'],
  [/contribution|item/i, 'contribution_items'],
  [/categor/i, 'event_categories'],
  [/activity|event/i, 'activities'],
  [/contact|person|donor|member|people/i, 'people'],
  [/account|distination/i, 'accounts'],
  [/tenant/i, 'tenants'],
  [/user/i, 'users'],
];
/** For a bare `id` the route says what it names. */
const PATH_HINTS: [RegExp, string][] = [
  [/contributions\/transactions/i, 'offering_transactions'],
  [/contributions/i, 'contribution_items'],
  [/fund/i, 'funds'],
  [/transactions/i, 'financial_transactions'],
  [/accounts/i, 'accounts'],
  [/event/i, 'activities'],
];

/** The table an id slot most likely names, from its field name, else from the route. */
export function idTable(name: string, opPath: string): string | null {
  const bare = /^(id|body)$/i.test(name);
  const hints = bare ? PATH_HINTS : NAME_HINTS;
  const hit = hints.find(([re]) => re.test(bare ? opPath : name));
  return hit ? hit[1] : null;
}

export function isUuid(s: JsonSchema): boolean {
  return s.format === 'uuid' || !!(s.anyOf ?? s.oneOf)?.some((a) => a.format === 'uuid');
}

/** An id slot: a uuid, or a name ending in id (idempotency keys count: they name a stored answer). */
export function isIdSlot(slot: Slot): boolean {
  return isUuid(slot.schema) || /id$/i.test(slot.name) || /idempotency/i.test(slot.name);
}

interface Ctx {
  name: string;
  opPath: string;
  pools: IdPools;
  full: boolean;
  /** one amount per request, so totals and their lines agree */
  cents: number;
}

const isAmountUnion = (alts: JsonSchema[]) =>
  alts.some((a) => a.type === 'number') && alts.some((a) => a.type === 'string');

function arb(s: JsonSchema, c: Ctx): fc.Arbitrary<unknown> {
  const inner = arbInner(s, c);
  return s.nullable && !c.full
    ? fc.oneof({ arbitrary: inner, weight: 6 }, { arbitrary: fc.constant(null), weight: 1 })
    : inner;
}

function arbInner(s: JsonSchema, c: Ctx): fc.Arbitrary<unknown> {
  const alts = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alts?.length) {
    if (isAmountUnion(alts)) return amountArb(c);
    if (c.full) return arb(alts.find(isUuid) ?? alts[alts.length - 1]!, c);
    return fc.oneof(...alts.map((a) => arb(a, c)));
  }
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'string':
      return stringArb(s, c);
    case 'integer':
    case 'number':
      return numberArb(s);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const min = c.full ? Math.max(1, s.minItems ?? 0) : (s.minItems ?? 0);
      const max = Math.min(s.maxItems ?? min + 3, min + 3);
      return fc.array(arb(s.items ?? {}, c), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arb(v, { ...c, name: k })]));
      return fc.record(model, { requiredKeys: c.full ? Object.keys(props) : (s.required ?? []) });
    }
    default:
      return fc.string({ maxLength: 12 });
  }
}

function amountArb(c: Ctx): fc.Arbitrary<unknown> {
  if (/percent/i.test(c.name)) return fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constantFrom('10', '12.5', '100'));
  const major = c.cents / 100;
  return fc.constantFrom(major, major.toFixed(2), major.toLocaleString('en-US', { minimumFractionDigits: 2 }));
}

function stringArb(s: JsonSchema, c: Ctx): fc.Arbitrary<unknown> {
  if (isUuid(s)) {
    const table = idTable(c.name, c.opPath);
    const pool = (table && c.pools.byTable[table]) || c.pools.all;
    return pool.length
      ? fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 5 }, { arbitrary: fc.uuid(), weight: 1 })
      : fc.uuid();
  }
  if (/idempotency/i.test(c.name)) return fc.uuid();
  if (s.format === 'email' || /email|username/i.test(c.name))
    return fc
      .tuple(fc.stringMatching(/^[a-z]{3,10}$/), fc.stringMatching(/^[a-z]{3,8}$/))
      .map(([a, b]) => `${a}@${b}.org`);
  if (/date|^from$|^to$/i.test(c.name))
    return fc.tuple(fc.integer({ min: 0, max: 3650 }), fc.boolean()).map(([days, us]) => {
      const d = new Date(Date.UTC(2021, 0, 1) + days * 86_400_000);
      const [y, m, dd] = d.toISOString().slice(0, 10).split('-');
      return us ? `${m}/${dd}/${y}` : `${y}-${m}-${dd}`;
    });
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? min + 24, min + 24);
  return fc
    .oneof(
      fc.string({ unit: 'grapheme-ascii', minLength: min, maxLength: max }),
      fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
    )
    .filter((v) => v.length <= (s.maxLength ?? Infinity));
}

function numberArb(s: JsonSchema): fc.Arbitrary<unknown> {
  const exMin = s.exclusiveMinimum;
  const lo = typeof exMin === 'number' ? exMin + 1 : exMin === true ? (s.minimum ?? 0) + 1 : (s.minimum ?? -1000);
  const hi = Math.min(s.maximum ?? lo + 1000, lo + 1000);
  const common = [566, 840, 1, 2, 0].filter((n) => n >= lo && n <= (s.maximum ?? Infinity));
  const ints = fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) });
  return common.length ? fc.oneof(fc.constantFrom(...common), ints) : ints;
}

function specArb(op: Operation, pools: IdPools, full: boolean): fc.Arbitrary<ReqSpec> {
  return fc.integer({ min: 1, max: 5_000_000 }).chain((cents) => {
    const c: Ctx = { name: '', opPath: op.path, pools, full, cents };
    const place = (w: Where) => {
      const ps = op.params.filter((p) => p.in === w);
      const model = Object.fromEntries(ps.map((p) => [p.name, arb(p.schema, { ...c, name: p.name })]));
      const requiredKeys =
        full || w === 'path' ? ps.map((p) => p.name) : ps.filter((p) => p.required).map((p) => p.name);
      return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
    };
    const body = op.body ? arb(op.body, { ...c, name: 'body' }) : fc.constant(undefined);
    return fc.record({ path: place('path'), query: place('query'), header: place('header'), body }).map((r) => {
      const spec: ReqSpec = { path: r.path, query: r.query, header: r.header };
      if (r.body !== undefined) spec.body = r.body;
      return spec;
    });
  });
}

/** `n` valid-ish requests for `op`, reproducible from `seed`. */
export function sampleSpecs(op: Operation, pools: IdPools, n: number, seed: number): ReqSpec[] {
  return fc.sample(specArb(op, pools, false), { numRuns: n, seed });
}

/** One request with every optional field present and every array non-empty. */
export function fullSpec(op: Operation, pools: IdPools, seed: number): ReqSpec {
  return fc.sample(specArb(op, pools, true), { numRuns: 1, seed })[0]!;
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
