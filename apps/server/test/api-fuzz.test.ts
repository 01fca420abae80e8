import { afterAll, beforeAll, describe } from 'vitest';
import { startHarness } from './helpers.ts';
import {
  destructiveLast,
  jsonText,
  loadOperations,
  render,
  slotsOf,
  specFromRecorded,
  uniqueNames,
  valueAt,
  withValue,
  type Operation,
  type ReqSpec,
  type Slot,
} from './api-schema-support.ts';
import { fullSpec, idTable, isIdSlot, sampleSpecs, type IdPools } from './api-generate-support.ts';
import {
  changed,
  churchWithEverything,
  idPools,
  rowCounts,
  tenantTables,
  type ChurchData,
} from './tenant-data-support.ts';
import {
  hostileValues,
  operationTests,
  problemsOf,
  send,
  Session,
  short,
  Tally,
  type Failure,
} from './api-fuzz-support.ts';

/**
 * Issue 6: every operation of the OpenAPI document (GET /docs/json) meets one bar. Signed in
 * as church A, each gets FUZZ_CASES valid-ish requests generated from its schema (seeded) and,
 * on a well-formed base (a request A's set-up made, else a generated one with every field),
 * each hostile value once per field. For every answer: no 5xx; a 400 names a field; a
 * rejected (4xx) request wrote no row of A or of church B (row counts of every tenant table).
 */

const CASES = Number(process.env.FUZZ_CASES ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
/** API_SUITE_TRACE=1 prints every request and its answer */
const TRACE = process.env.API_SUITE_TRACE === '1';

// No delivery workers: a refused request must write nothing, and workers sending the messages
// that earlier requests queued would change the row counts in between (outbox, unit refunds).
const h = await startHarness({ MESSAGING_WORKERS: '0' });
const db = h.database.db;
const { ops, total, skipped } = await loadOperations(h.app);
let a: ChurchData;
let b: ChurchData;
let tables: string[];
let poolsA: IdPools;
let poolsB: IdPools;
let session: Session;
const tally = new Tally();

beforeAll(async () => {
  a = await churchWithEverything(h.app, 'FuzzAlpha', 1234.56);
  b = await churchWithEverything(h.app, 'FuzzBravo', 4321.09);
  tables = await tenantTables(db);
  poolsA = await idPools(db, tables, a.tenantId);
  poolsB = await idPools(db, tables, b.tenantId, 3);
  session = new Session(h.app, a.email, a.password, a.token);
}, 300_000);

afterAll(async () => {
  await h.close();
});

const ordered = destructiveLast(ops);

/** Church B's ids for an id slot: of the kind the slot names when known, else a few of any kind. */
function foreignIds(slot: Slot, op: Operation): string[] {
  if (!isIdSlot(slot)) return [];
  if (/idempotency/i.test(slot.name)) return b.idempotencyKeys.slice(0, 2);
  const table = idTable(slot.name, op.path);
  const matched = (table && poolsB.byTable[table]) || [];
  return [...new Set([...matched.slice(0, 3), b.ids.member!, b.ids.Bank!])];
}

/** The request A's set-up made for this operation (without its idempotency key), else a generated one. */
function baseFor(op: Operation, seed: number): { spec: ReqSpec; from: string } {
  for (const rec of a.examples) {
    const spec = specFromRecorded(op, rec);
    if (spec) return { spec, from: 'set-up example' };
  }
  return { spec: fullSpec(op, poolsA, seed), from: 'generated with every field' };
}

async function runOperation(op: Operation, index: number): Promise<Failure[]> {
  const mine: Failure[] = [];
  const seed = SEED + index;
  const cases: { input: string; spec: ReqSpec }[] = sampleSpecs(op, poolsA, CASES, seed).map((spec, j) => ({
    input: `generated #${j} (seed ${seed}) ${short(jsonText(spec), 300)}`,
    spec,
  }));
  const base = baseFor(op, seed);
  cases.push({ input: `base (${base.from}) ${short(jsonText(base.spec), 300)}`, spec: base.spec });
  for (const slot of slotsOf(op))
    for (const hv of hostileValues(slot, valueAt(base.spec, slot), foreignIds(slot, op)))
      cases.push({
        input: `${slot.label} = ${hv.label}`,
        spec: withValue(uniqueNames(base.spec, cases.length), slot, hv.value),
      });

  const tenants = [a.tenantId, b.tenantId];
  let before: Record<string, number> | null = null;
  for (const [j, c] of cases.entries()) {
    // one client address per request: per-address rate limits must not hide what the handler does
    const remote = `10.${(index % 250) + 1}.${(j >> 8) % 256}.${j % 256}`;
    const r = render(op, c.spec);
    if (!r) {
      tally.unsendable += 1;
      continue;
    }
    before ??= await rowCounts(db, tables, tenants);
    let answer = await send(h.app, r, session.token, remote);
    if (answer.status === 401 && (await session.renew())) {
      // an earlier request of this operation ended the session (sign-out): send it again, signed in
      before = await rowCounts(db, tables, tenants);
      answer = await send(h.app, r, session.token, remote);
    }
    tally.add(op.key, answer.status);
    if (TRACE) console.log(`${op.key} | ${c.input} | ${answer.status} ${short(answer.body, 160)}`);
    const problems = problemsOf(answer, op.key);
    if (answer.status >= 400 && answer.status < 500) {
      const after = await rowCounts(db, tables, tenants);
      const diff = changed(before, after).map(
        (k) => `${k.replace(a.tenantId, 'A').replace(b.tenantId, 'B')} ${before?.[k] ?? 0}->${after[k] ?? 0}`,
      );
      if (diff.length) problems.push(`rejected but wrote: ${diff.join(', ')}`);
      before = after;
    } else before = null;
    for (const problem of problems)
      mine.push({ op: op.key, input: c.input, problem, status: answer.status, body: answer.body });
  }
  mine.push(...(await duplicates(op, index, base.spec)));
  return mine;
}

/**
 * The base request four times at once (a double-clicked save, a retried request), with one
 * idempotency key when the operation takes one: losers may be refused, never with a 5xx.
 */
async function duplicates(op: Operation, index: number, spec: ReqSpec): Promise<Failure[]> {
  const keyParam = op.params.find((p) => p.in === 'header' && /idempotency/i.test(p.name));
  const dup = uniqueNames(spec, 900_000 + index);
  if (keyParam) dup.header[keyParam.name] = `duplicate-${SEED}-${index}`;
  const r = render(op, dup);
  if (!r) return [];
  const answers = await Promise.all(
    [0, 1, 2, 3].map((k) => send(h.app, r, session.token, `10.251.${index % 250}.${k}`)),
  );
  const out: Failure[] = [];
  for (const answer of answers) {
    tally.add(op.key, answer.status);
    for (const problem of problemsOf(answer, op.key))
      out.push({
        op: op.key,
        input: `4 at once ${short(jsonText(dup), 300)}`,
        problem,
        status: answer.status,
        body: answer.body,
      });
  }
  return out;
}

describe('every operation of /docs/json under generated and hostile input', () => {
  operationTests({ title: 'api-fuzz', ordered, ops, total, skipped, run: runOperation, tally });
});
