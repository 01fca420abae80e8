import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from './helpers.ts';
import {
  destructiveLast,
  loadOperations,
  render,
  slotsOf,
  specFromRecorded,
  uniqueNames,
  withValue,
  type Operation,
  type ReqSpec,
} from './api-schema-support.ts';
import { fullSpec, isIdSlot, type IdPools } from './api-generate-support.ts';
import {
  changed,
  churchWithEverything,
  contentHashes,
  idPools,
  tablesMentioning,
  tenantTables,
  type ChurchData,
} from './tenant-data-support.ts';
import { operationTests, problemsOf, send, Session, short, Tally, type Failure } from './api-fuzz-support.ts';

/**
 * Issue 6: tenants never see or touch each other, on every operation of GET /docs/json.
 * Church A gets one of everything; then church B calls every operation once as itself, and
 * every operation that takes an id (path, query, header or body field named ...id, or a
 * uuid) once per id slot per A id (and A's idempotency keys in key slots), on a well-formed
 * request of B's. Each answer: no 5xx, none of A's ids (but the one sent), names, e-mail or
 * amount; A's rows unchanged (a hash of every A row per tenant table, as the owner role);
 * and after a 2xx no row of B holds an id of A.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
/** API_SUITE_TRACE=1 prints every request and its answer */
const TRACE = process.env.API_SUITE_TRACE === '1';
const h = await startHarness();
const db = h.database.db;
const { ops, total, skipped } = await loadOperations(h.app);
let a: ChurchData;
let b: ChurchData;
let tables: string[];
let poolsB: IdPools;
let aIds: string[];
/** what each of A's ids is (table or set-up name), for the report */
const kindOf = new Map<string, string>();
let aNeedles: string[];
let aRows: Record<string, string>;
let session: Session;
const tally = new Tally();
const withIdSlots = new Set<string>();

beforeAll(async () => {
  a = await churchWithEverything(h.app, 'XtAlpha', 7771.13);
  b = await churchWithEverything(h.app, 'XtBravo', 4242.42);
  tables = await tenantTables(db);
  poolsB = await idPools(db, tables, b.tenantId);
  const all = await idPools(db, tables, a.tenantId);
  const few = await idPools(db, tables, a.tenantId, 3);
  for (const [t, list] of Object.entries(all.byTable)) for (const id of list) kindOf.set(id, t);
  for (const [name, id] of Object.entries(a.ids)) kindOf.set(id, `${kindOf.get(id) ?? '?'} (${name})`);
  aIds = [...new Set([...Object.values(a.ids), ...few.all])];
  aNeedles = [...all.all, a.marker, a.marker.toLowerCase(), a.email, a.amount];
  aRows = await contentHashes(db, tables, a.tenantId);
  session = new Session(h.app, b.email, b.password, b.token);
}, 300_000);

afterAll(async () => {
  await h.close();
});

const ordered = destructiveLast(ops);

/**
 * Public reads of one church's setup by its id, for its public check-in and registration pages
 * (spec §6: no login), and of a payment form by the form's id, for its public giving page (issue
 * 10): given A's church id or A's form id they answer A's data by design; A's other ids, and
 * every other operation, must still never leak.
 */
const PUBLIC_BY_CHURCH = new Set(['GET /GetAllCustomFields', 'GET /give']);

/**
 * Public writes a church takes from anyone by its id or its payment form's id (issue 10: a giver
 * signs up, asks for a password reset or starts a gift on the church's giving page, with no
 * login): given A's id they write these tables of A by design, and nothing else of A.
 */
const PUBLIC_WRITES_BY_CHURCH: Record<string, string[]> = {
  'POST /mobile/v1/Account/WebSignUp': ['giver_sessions', 'givers'],
  'POST /mobile/v1/Account/ForgotPassword': ['giver_password_resets'],
  'POST /initailizedonationpayment': ['payment_items', 'payments'],
};

/** B's own request for the operation: one its set-up made, else a generated one from B's ids. */
function baseFor(op: Operation, seed: number): ReqSpec {
  for (const rec of b.examples) {
    const spec = specFromRecorded(op, rec);
    if (spec) return spec;
  }
  return fullSpec(op, poolsB, seed);
}

async function runOperation(op: Operation, index: number): Promise<Failure[]> {
  const mine: Failure[] = [];
  const base = baseFor(op, SEED + index);
  const cases: { input: string; spec: ReqSpec; sent: string | null }[] = [
    { input: 'B on its own request', spec: uniqueNames(base, 0), sent: null },
  ];
  for (const slot of slotsOf(op).filter(isIdSlot)) {
    withIdSlots.add(op.key);
    const values = /idempotency/i.test(slot.name) ? a.idempotencyKeys : aIds;
    for (const id of values)
      cases.push({
        input: `${slot.label} = A's ${kindOf.get(id) ?? 'idempotency key'} ${id}`,
        spec: withValue(uniqueNames(base, cases.length), slot, id),
        sent: id,
      });
  }
  for (const [j, c] of cases.entries()) {
    const r = render(op, c.spec);
    if (!r) {
      tally.unsendable += 1;
      continue;
    }
    const remote = `10.${(index % 250) + 1}.${(j >> 8) % 256}.${j % 256}`;
    let answer = await send(h.app, r, session.token, remote);
    if (answer.status === 401 && (await session.renew())) answer = await send(h.app, r, session.token, remote);
    tally.add(op.key, answer.status);
    if (TRACE) console.log(`${op.key} | ${c.input} | ${answer.status} ${short(answer.body, 160)}`);
    const problems = problemsOf(answer).filter((p) => p !== '400 names no field');
    // a public read a church offers anyone by its id answers A's data for A's id, by design
    const publicRead = PUBLIC_BY_CHURCH.has(op.key) && (c.sent === a.tenantId || c.sent === a.ids.paymentForm);
    const leaked = publicRead ? [] : aNeedles.filter((n) => n !== c.sent && answer.body.includes(n));
    if (leaked.length) problems.push(`answer holds A's ${leaked.map((n) => kindOf.get(n) ?? n).join(', ')}`);
    const now = await contentHashes(db, tables, a.tenantId);
    const allowed =
      c.sent === a.tenantId || c.sent === a.ids.paymentForm ? (PUBLIC_WRITES_BY_CHURCH[op.key] ?? []) : [];
    const touched = changed(aRows, now).filter((t) => !allowed.includes(t));
    if (touched.length) problems.push(`A's rows changed in ${touched.join(', ')}`);
    aRows = now;
    if (answer.status >= 200 && answer.status < 300) {
      const pointing = await tablesMentioning(db, tables, b.tenantId, aIds);
      if (pointing.length) problems.push(`B's rows now hold an id of A in ${pointing.join(', ')}`);
    }
    for (const problem of problems)
      mine.push({ op: op.key, input: c.input, problem, status: answer.status, body: answer.body });
  }
  return mine;
}

describe("church B never sees or changes church A's data, on every operation of /docs/json", () => {
  operationTests({
    title: 'cross-tenant',
    ordered,
    ops,
    total,
    skipped,
    run: runOperation,
    tally,
    extra: () => [
      `  operations with an id slot (${withIdSlots.size}): ${[...withIdSlots].join(', ')}`,
      `  A's ids tried per slot: ${aIds.length}`,
    ],
  });

  it("tried A's ids in the id slots of some operations", () => {
    expect(withIdSlots.size).toBeGreaterThan(0);
  });
});
