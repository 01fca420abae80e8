import fc from 'fast-check';
import type { JsonSchema, Operation, ReqSpec, Slot, Where } from './api-schema-support.ts';

/**
 * Valid-ish requests generated from an operation's JSON schemas with fast-check (issue 6):
 * types, enums, formats (uuid from the church's own ids, email, dates by name), bounds,
 * arrays and nested objects; one amount per request so totals and their lines agree.
 */

/** Ids of one church by table (read as the owner role); `all` is every one of them. */
export interface IdPools {
  byTable: Record<string, string[]>;
  all: string[];
}

const NAME_HINTS: [RegExp, string][] = [
  [/customAttribute/i, 'custom_fields'],
  [/parent/i, 'groups'],
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
  [/defaultmessage/i, 'default_messages'],
  [/senderid/i, 'sender_ids'],
  [/first?timercycle/i, 'first_timer_stages'],
  [/branching/i, 'branch_levels'],
  [/customfields/i, 'custom_fields'],
  [/\/groups\//i, 'groups'],
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
