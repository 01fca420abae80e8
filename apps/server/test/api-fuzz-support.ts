import { expect, it } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { errorText } from './fixtures.ts';
import { RawJson, REMOVE, type Operation, type Rendered, type Slot } from './api-schema-support.ts';

/**
 * Hostile values, sending, judging and the summary of the schema-driven suites (issue 6).
 */

export interface Answer {
  status: number;
  body: string;
}

/**
 * Sends a rendered request as the bearer `token` from `remoteAddress` (so per-address rate
 * limits of one operation do not spill into another). A request the app could not answer at
 * all (inject threw) is status -1 with the error text.
 */
export async function send(app: BuiltApp, r: Rendered, token: string | null, remoteAddress: string): Promise<Answer> {
  try {
    const res = await app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: { ...r.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(r.payload === undefined ? {} : { payload: r.payload }),
      remoteAddress,
    });
    return { status: res.statusCode, body: res.body };
  } catch (e) {
    return { status: -1, body: errorText(e) };
  }
}

/**
 * The signed-in church's session. An operation may end it (POST /logout does, by design);
 * `renew` signs in again when the token no longer works, and answers whether it had to.
 */
export class Session {
  constructor(
    private readonly app: BuiltApp,
    private readonly email: string,
    private readonly password: string,
    public token: string,
  ) {}

  async renew(): Promise<boolean> {
    const me = await send(
      this.app,
      { method: 'GET', url: '/api/Membership/GetCurrentSignedInUser', headers: {} },
      this.token,
      '10.250.0.1',
    );
    if (me.status !== 401) return false;
    const login = await send(
      this.app,
      {
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ userName: this.email, password: this.password }),
      },
      null,
      '10.250.0.2',
    );
    if (login.status !== 200) throw new Error(`could not sign in again: ${login.status} ${login.body}`);
    this.token = (JSON.parse(login.body) as { token: string }).token;
    return true;
  }
}

export interface Hostile {
  label: string;
  value: unknown;
}

const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const DEEP = 10_000;

/**
 * The hostile values put into one slot, one request each: absence, NUL, 1 MB text, 10,000
 * levels of nesting (raw JSON), huge and non-finite numbers, numeric text, invalid uuids,
 * a 10,000-element array, every wrong JSON type, and `foreign` (another church's ids).
 */
export function hostileValues(slot: Slot, current: unknown, foreign: string[]): Hostile[] {
  const element = Array.isArray(current) ? (current[0] ?? 'x') : (current ?? 'x');
  const out: Hostile[] = [
    { label: 'absent', value: REMOVE },
    { label: 'NUL in text "a\\u0000b"', value: 'a\u0000b' },
    { label: 'NUL alone', value: '\u0000' },
    { label: '1 MB string', value: MEGABYTE_STRING },
    { label: `${DEEP} nested arrays (raw)`, value: new RawJson('['.repeat(DEEP) + ']'.repeat(DEEP)) },
    { label: `${DEEP} nested objects (raw)`, value: new RawJson('{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP)) },
    { label: '1e308', value: 1e308 },
    { label: '-1e308', value: -1e308 },
    { label: '1e999 (raw number)', value: new RawJson('1e999') },
    { label: '"NaN"', value: 'NaN' },
    { label: '"Infinity"', value: 'Infinity' },
    { label: '"-Infinity"', value: '-Infinity' },
    { label: '"1e999"', value: '1e999' },
    { label: '"99999999999999999999999999"', value: '99999999999999999999999999' },
    { label: '"92233720368547758.08"', value: '92233720368547758.08' },
    { label: '"90000000000000000" (fits one row, not a sum of two)', value: '90000000000000000' },
    { label: '9e16', value: 9e16 },
    { label: '"-1"', value: '-1' },
    { label: 'empty string', value: '' },
    { label: 'blank string', value: '   ' },
    { label: 'lone surrogate', value: '\ud800' },
    { label: 'invalid uuid "not-a-uuid"', value: 'not-a-uuid' },
    { label: 'invalid uuid (g digit)', value: '00000000-0000-0000-0000-00000000000g' },
    { label: 'invalid uuid (version bits, too long)', value: 'ffffffff-ffff-ffff-ffff-ffffffffffff0' },
    { label: 'SQL text', value: "'; drop table accounts; --" },
    { label: 'LIKE wildcards', value: '%_\\' },
    { label: '10,000-element array', value: Array.from({ length: 10_000 }, () => element) },
    { label: 'null', value: null },
    { label: 'true', value: true },
    { label: '12345', value: 12345 },
    { label: '-1', value: -1 },
    { label: '0.5', value: 0.5 },
    { label: '[]', value: [] },
    { label: '{}', value: {} },
  ];
  for (const id of foreign) out.push({ label: `another church's id ${id}`, value: id });
  if (slot.keys.length === 0 && slot.where === 'body')
    out.push({ label: 'array of one {}', value: [{}] }, { label: 'malformed JSON text', value: new RawJson('{"a":') });
  return out;
}

/** The field a 400 answer names (`errors[0].field`, or inside returnObject), or ''. */
export function fieldOf(body: string): string {
  try {
    const j = JSON.parse(body) as {
      errors?: { field?: unknown }[];
      returnObject?: { errors?: { field?: unknown }[] } | null;
    };
    const f = j.errors?.[0]?.field ?? j.returnObject?.errors?.[0]?.field;
    return typeof f === 'string' ? f.trim() : '';
  } catch {
    return '';
  }
}

export interface Failure {
  op: string;
  input: string;
  problem: string;
  status: number;
  body: string;
}

export const short = (s: string, n = 240) => {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > n ? `${flat.slice(0, n)}… (${s.length} chars)` : flat;
};

/**
 * Operations whose 400 is the message alone, a JSON string, because the existing client shows
 * `error.response.data` as it is (existing-client-api §2.2 and §7); the message must then say
 * what to fix.
 */
const BARE_MESSAGE_400 = new Set(['POST /api/EventCategory', 'POST /familyLogin', 'POST /familyRegister']);

/** A non-blank JSON string body, or ''. */
function bareMessageOf(body: string): string {
  try {
    const j = JSON.parse(body) as unknown;
    return typeof j === 'string' ? j.trim() : '';
  } catch {
    return '';
  }
}

/** What is wrong with one answer of operation `op` ('METHOD /path'), by the bar every operation must meet. */
export function problemsOf(a: Answer, op = ''): string[] {
  if (a.status === -1) return ['no answer (the app threw)'];
  if (a.status >= 500) return [`${a.status}`];
  if (a.status === 400 && BARE_MESSAGE_400.has(op)) return bareMessageOf(a.body) ? [] : ['400 carries no message'];
  if (a.status === 400 && !fieldOf(a.body)) return ['400 names no field'];
  return [];
}

/** Counts of what was sent, per status and per operation, printed at the end of a suite. */
export class Tally {
  readonly byStatus = new Map<number, number>();
  readonly byOp = new Map<string, Map<number, number>>();
  sent = 0;
  unsendable = 0;

  add(op: string, status: number): void {
    this.sent += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    const m = this.byOp.get(op) ?? new Map<number, number>();
    m.set(status, (m.get(status) ?? 0) + 1);
    this.byOp.set(op, m);
  }

  summary(title: string, total: number, skipped: string[], failures: Failure[], seconds: number): string {
    const fmt = (m: Map<number, number>) =>
      [...m.entries()]
        .sort((x, y) => x[0] - y[0])
        .map(([s, n]) => `${s}:${n}`)
        .join(' ');
    const lines = [
      `${title}: ${this.sent} requests in ${seconds.toFixed(0)} s; operations covered ${this.byOp.size} of ${total} in /docs/json${skipped.length ? ` (skipped: ${skipped.join(', ')})` : ''}`,
      `  by status: ${fmt(this.byStatus)}${this.unsendable ? `; ${this.unsendable} values not sendable in a header` : ''}`,
      ...[...this.byOp.entries()].map(([op, m]) => `  ${op}: ${fmt(m)}`),
      `  failures: ${failures.length}`,
      ...failures
        .slice(0, 400)
        .map((f) => `  FAIL ${f.op} | ${f.input} | ${f.problem} | ${f.status} ${short(f.body, 200)}`),
    ];
    return lines.join('\n');
  }
}

/** A schema-driven suite, as operationTests runs it. */
export interface OperationSuite {
  /** the suite's name in its printed summary */
  title: string;
  /** the operations in the order to run them (destructiveLast) */
  ordered: { op: Operation; i: number }[];
  /** every operation of /docs/json the suite runs, and how many the document has and were skipped */
  ops: Operation[];
  total: number;
  skipped: string[];
  /** what one operation got wrong */
  run: (op: Operation, index: number) => Promise<Failure[]>;
  tally: Tally;
  /** more lines for the printed summary */
  extra?: () => string[];
}

/**
 * The tests of a schema-driven suite (api-fuzz, cross-tenant): one per operation, failing with
 * that operation's problems, then one that prints the tally's summary (with every failure) and
 * checks that every operation of /docs/json was run.
 */
export function operationTests(suite: OperationSuite): void {
  const failures: Failure[] = [];
  const started = Date.now();
  for (const { op, i } of suite.ordered)
    it(
      op.key,
      async () => {
        const mine = await suite.run(op, i);
        failures.push(...mine);
        expect(mine.map((f) => `${f.input} | ${f.problem} | ${f.status} ${short(f.body, 200)}`)).toEqual([]);
      },
      900_000,
    );

  it('covered every operation of /docs/json', () => {
    const seconds = (Date.now() - started) / 1000;
    console.log(suite.tally.summary(suite.title, suite.total, suite.skipped, failures, seconds));
    for (const line of suite.extra?.() ?? []) console.log(line);
    expect(suite.ops.length + suite.skipped.length).toBe(suite.total);
    expect([...suite.tally.byOp.keys()].sort()).toEqual(suite.ops.map((o) => o.key).sort());
  });
}
