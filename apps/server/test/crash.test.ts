import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../src/db/client.ts';
import { call, startServer, stop, stopAll, type Server } from './crash-support.ts';

/**
 * Issue 6: an acknowledged write survives a crash. The real server (main.ts) runs as a child
 * process on PostgreSQL (DATABASE_URL) or on PGlite in a temporary DATA_DIR; concurrent writers
 * save offerings, incomes and expenses over HTTP; the server is killed with SIGKILL mid-stream
 * and started again on the same database. Then: every acknowledged write is there (API and
 * SQL); every write whose answer was lost, retried with its idempotency key, exists exactly
 * once; an acknowledged write replayed with its key answers the same id; the books balance.
 */

const WRITERS = 4;
const KILL_AFTER = Number(process.env.CRASH_KILL_AFTER ?? 30);
const databaseUrl = process.env.DATABASE_URL || '';
const dataDir = databaseUrl ? '' : mkdtempSync(join(tmpdir(), 'steward-crash-'));
const dbEnv: Record<string, string> = databaseUrl
  ? { DATABASE_URL: databaseUrl }
  : { DATABASE_URL: '', DATA_DIR: dataDir };
const SAVE = '/api/Financials/Contributions/Transactions/Save';

type Kind = 'offering' | 'income' | 'expense';
interface Write {
  seq: number;
  kind: Kind;
  path: string;
  body: unknown;
  key: string;
  minor: bigint;
  memo: string;
  /** the saved id, once an answer said so */
  id?: string;
  number?: string;
  /** what came back instead of a 2xx */
  error?: string;
}

afterAll(async () => {
  await stopAll();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const idOf = (kind: Kind, json: unknown) => {
  const r = (json as { returnObject: { id: string; transactionNumber?: string } | { id: string }[] }).returnObject;
  return Array.isArray(r) ? { id: r[0]!.id } : { id: r.id, number: r.transactionNumber ?? '' };
};

async function church(base: string) {
  const email = `crash${Date.now()}@test.example`;
  const signup = await call(base, 'POST', '/api/onboarding/signup', null, {
    churchName: 'Crash Test Church',
    firstName: 'Ada',
    lastName: 'Obi',
    email,
    phoneNumber: '+2348030000001',
    password: 'correct horse battery',
    countryCode: 'NG',
    currency: 'NGN',
  });
  expect(signup.status, JSON.stringify(signup.json)).toBe(200);
  const { token, tenantId } = (signup.json as { returnObject: { token: string; tenantId: string } }).returnObject;
  const accounts: Record<string, string> = {};
  for (const p of ['GetIncomeAccounts', 'getcashbankaccounts', 'GetExpenseAccounts']) {
    const res = await call(base, 'GET', `/api/Financials/Accounts/${p}`, token);
    for (const a of res.json as { id: string; text: string }[]) accounts[a.text.replace(/^\d+ - /, '')] = a.id;
  }
  const item = await call(base, 'POST', '/api/financials/contributions/items/save', token, {
    name: 'Crash Offering',
    incomeAccountId: accounts.Offering,
    cashAccountId: accounts.Cash,
    incomeRemittance: [{ percentage: '10', distinationCashBankAccount: accounts.Bank }],
  });
  expect(item.status, JSON.stringify(item.json)).toBe(200);
  return { token, tenantId, accounts, itemId: (item.json as { returnObject: { id: string } }).returnObject.id };
}
type Church = Awaited<ReturnType<typeof church>>;

/** The seq-th write: a unique amount (seq+1 major units and seq%100 cents) and memo. */
function write(c: Church, seq: number): Write {
  const kind: Kind = (['offering', 'income', 'expense'] as const)[seq % 3]!;
  const amount = `${seq + 1}.${String(seq % 100).padStart(2, '0')}`;
  const memo = `crash write ${seq}`;
  const base = { seq, kind, key: `crash-${seq}-${Date.now()}`, minor: BigInt((seq + 1) * 100 + (seq % 100)), memo };
  const date = '2026-11-22';
  if (kind === 'offering') {
    const body = [{ financialContributionID: c.itemId, date, amount, paymentChannel: 'Cash', currencyID: 566 }];
    return { ...base, path: SAVE, body };
  }
  if (kind === 'income') {
    const lines = [{ accountID: c.accounts.Offering, amount }];
    const body = {
      amount,
      date,
      memo,
      category: 'inflow',
      debitAccountID: c.accounts.Bank,
      creditSplitAccounts: lines,
    };
    return { ...base, path: '/api/Financials/Accounts/Transactions/Income/Save', body };
  }
  const lines = [{ accountID: c.accounts['Maintenance and Repairs'], amount }];
  const body = { amount, date, memo, category: 'outflow', creditAccountID: c.accounts.Cash, debitSplitAccounts: lines };
  return { ...base, path: '/api/Financials/Accounts/Transactions/Expense/Save', body };
}

const send = (base: string, c: Church, w: Write) =>
  call(base, 'POST', w.path, c.token, w.body, { 'idempotency-key': w.key });

describe('a SIGKILL mid-stream loses no acknowledged write', () => {
  it('keeps every acknowledged write and balanced books across a crash and restart', { timeout: 300_000 }, async () => {
    let server: Server = await startServer(dbEnv);
    const c = await church(server.base);
    const writes: Write[] = [];
    let seq = 0;
    let killing = false;
    const acked = () => writes.filter((w) => w.id).length;
    const writer = async () => {
      while (!killing) {
        const w = write(c, seq++);
        writes.push(w);
        try {
          const res = await send(server.base, c, w);
          if (res.status < 300) Object.assign(w, idOf(w.kind, res.json));
          else w.error = `${res.status} ${JSON.stringify(res.json).slice(0, 200)}`;
        } catch (e) {
          w.error = `${killing ? 'no answer' : 'no answer before the kill'}: ${String((e as { cause?: unknown }).cause ?? e)}`;
        }
      }
    };
    const running = Array.from({ length: WRITERS }, writer);
    while (acked() < KILL_AFTER && writes.every((w) => !w.error)) await new Promise((r) => setTimeout(r, 5));
    killing = true;
    expect(await stop(server, 'SIGKILL')).toBe('SIGKILL');
    await Promise.all(running);
    const before = writes.filter((w) => w.id);
    const refused = writes.filter((w) => w.error && !w.error.startsWith('no answer:'));
    expect(
      refused.map((w) => `${w.kind} #${w.seq}: ${w.error}`),
      'answers before the kill',
    ).toEqual([]);
    console.log(
      `crash: ${writes.length} writes sent by ${WRITERS} writers, ${before.length} acknowledged before SIGKILL, ${writes.length - before.length} lost their answer`,
    );

    server = await startServer(dbEnv);
    for (const w of before) {
      const path =
        w.kind === 'offering'
          ? `/api/Financials/Contributions/Transactions/One?ID=${w.id}`
          : `/api/Financials/Accounts/GetEditFinancialTransaction?transactionNumber=${encodeURIComponent(w.number!)}`;
      const res = await call(server.base, 'GET', path, c.token);
      expect(res.status, `${w.kind} #${w.seq} ${w.id} after the restart: ${JSON.stringify(res.json)}`).toBe(200);
      expect((res.json as { id: string }).id).toBe(w.id);
    }
    for (const w of before.slice(0, 6)) {
      const res = await send(server.base, c, w);
      expect(res.status, `replay of ${w.kind} #${w.seq}`).toBe(200);
      expect(idOf(w.kind, res.json).id, `replay of ${w.kind} #${w.seq} answers the first id`).toBe(w.id);
    }
    for (const w of writes.filter((x) => !x.id)) {
      const res = await send(server.base, c, w);
      expect(res.status, `retry of ${w.kind} #${w.seq}: ${JSON.stringify(res.json)}`).toBe(200);
      Object.assign(w, idOf(w.kind, res.json));
    }
    expect(await stop(server, 'SIGTERM'), server.output()).toBe('exit 0');

    const database = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    try {
      const offerings = await queryRows<{ id: string; minor: string }>(
        database.db,
        sql`select id::text as id, amount_minor::text as minor from offering_transactions where tenant_id = ${c.tenantId} and deleted_at is null`,
      );
      const documents = await queryRows<{ id: string; memo: string }>(
        database.db,
        sql`select id::text as id, memo from financial_transactions where tenant_id = ${c.tenantId} and deleted_at is null`,
      );
      for (const w of writes) {
        const rows =
          w.kind === 'offering'
            ? offerings.filter((r) => r.minor === String(w.minor))
            : documents.filter((r) => r.memo === w.memo);
        const was = before.includes(w) ? 'acknowledged' : 'retried';
        expect(
          rows.map((r) => r.id),
          `${was} ${w.kind} #${w.seq} is stored exactly once`,
        ).toEqual([w.id]);
      }
      const unbalanced = await queryRows<{ currency_code: string; total: string }>(
        database.db,
        sql`select currency_code, sum(amount_minor)::text as total from journal_lines where tenant_id = ${c.tenantId}
            group by currency_code having sum(amount_minor) <> 0`,
      );
      expect(unbalanced, 'trial balance per currency').toEqual([]);
      const entries = await queryRows<{ entry_id: string }>(
        database.db,
        sql`select entry_id::text from journal_lines where tenant_id = ${c.tenantId}
            group by entry_id, currency_code, fund_id having sum(amount_minor) <> 0`,
      );
      expect(entries, 'entries that do not balance').toEqual([]);
    } finally {
      await database.close();
    }
  });
});
