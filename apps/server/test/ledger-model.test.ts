import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, trialBalance, type Harness } from './helpers.ts';
import { createItem, errorFields, NGN } from './fixtures.ts';
import {
  CASH_BANK,
  EXPENSE_ACCOUNTS,
  INCOME_ACCOUNTS,
  JOURNAL_ACCOUNTS,
  Ledger,
  R,
  RESTRICTED_INCOME,
  TYPE,
  U,
  expenseLines,
  homeFund,
  incomeLines,
  journalLines,
  money,
  offeringLines,
  opArb,
  type MLine,
  type Op,
} from './ledger-model.ts';
import {
  DOC_DELETE,
  EXPENSE,
  INCOME,
  JOURNAL,
  church,
  createAccount,
  createFund,
  flatAccounts,
  getChart,
  headNamed,
  unbalancedEntries,
  type Chart,
} from './ledger-support.ts';

/**
 * Model-based test of the ledger (DESIGN.md §4): random sequences of incomes, expenses,
 * journals, offerings, edits and deletes run through the HTTP API, then every account's
 * balance in the chart must equal the model's, and the trial balance must be zero.
 *
 * Runs share one church: each run starts from the balances the chart shows (taken from the
 * previous run's final chart, itself checked) and the model adds what the run posts, so a
 * run only depends on its own operations and fast-check can shrink a failure.
 */

const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 1000);

let h: Harness;
let api: Awaited<ReturnType<typeof church>>['api'];
let tenantId: string;
const ids = new Map<string, string>(); // account or fund name -> id
let itemId = '';
let remittanceId = '';
beforeAll(async () => {
  h = await startHarness();
  const c = await church(h.app);
  api = c.api;
  tenantId = c.tenantId;
  const fund = await createFund(api, R, 1);
  const head = await headNamed(api, 'Other Income');
  await createAccount(api, { name: RESTRICTED_INCOME, financialAccountGroupID: head.id, financialFundID: fund.id });
  const chart = await getChart(api);
  for (const a of flatAccounts(chart)) ids.set(a.name, a.id);
  ids.set(`fund:${R}`, fund.id);
  itemId = await createItem(api, {
    name: 'Sunday Offering',
    incomeAccountId: ids.get('Offering'),
    cashAccountId: ids.get('Cash'),
    incomeRemittance: [{ percentage: '10', distinationCashBankAccount: ids.get('Bank') }],
  });
  const item = (await api.get(`/api/Financials/Contributions/Items/One?ID=${itemId}`)).json();
  remittanceId = item.incomeRemittance[0].id;
}, 120_000);
afterAll(async () => {
  await h.close();
});

const id = (name: string) => ids.get(name)!;

/** A document the run created, with what it posted and how to send it again with new amounts. */
interface Doc {
  id: string;
  kind: 'income' | 'expense' | 'journal' | 'offering';
  lines: MLine[];
  /** the lines and the request of this document with new amounts: a new document, or with `editId` an edit */
  resend: (amounts: bigint[], editId?: string) => { lines: MLine[]; send: () => ReturnType<typeof api.post> };
}

/** Chart balances by name in raw minor units (debits positive); fund accounts carry their fund's net assets. */
function chartFigures(chart: Chart) {
  const raw = new Map<string, bigint>();
  for (const a of flatAccounts(chart)) {
    const minor = BigInt(Math.round(a.balance * 100));
    const isFund = a.accountType === 'equity' && a.fundType !== null;
    raw.set(a.name, isFund ? minor : a.accountType === 'assets' || a.accountType === 'expense' ? minor : -minor);
  }
  return raw;
}

const stats = { runs: 0, ops: 0, refused: 0, noDocument: 0, byKind: {} as Record<string, number> };
let last: Map<string, bigint> | null = null;

function incomeDoc(cash: string, accounts: string[]): Doc['resend'] {
  return (amounts, editId) => {
    const parts = accounts.map((account, i) => ({ account, amount: amounts[i]!, fund: homeFund(account) }));
    const total = parts.reduce((s, p) => s + p.amount, 0n);
    const body = {
      ...(editId ? { id: editId } : {}),
      amount: money(total),
      date: '2026-11-02',
      debitAccountID: id(cash),
      creditSplitAccounts: parts.map((p) => ({ accountID: id(p.account), amount: money(p.amount) })),
    };
    return { lines: incomeLines(cash, parts), send: () => api.post(INCOME, body) };
  };
}

function expenseDoc(cash: string, accounts: { account: string; restricted: boolean }[]): Doc['resend'] {
  return (amounts, editId) => {
    const parts = accounts.map((a, i) => ({ account: a.account, amount: amounts[i]!, fund: a.restricted ? R : U }));
    const total = parts.reduce((s, p) => s + p.amount, 0n);
    const body = {
      ...(editId ? { id: editId } : {}),
      amount: money(total),
      date: '2026-11-02',
      creditAccountID: id(cash),
      debitSplitAccounts: parts.map((p, i) => ({
        accountID: id(p.account),
        amount: money(p.amount),
        ...(accounts[i]!.restricted ? { fundID: id(`fund:${R}`) } : {}),
      })),
    };
    return { lines: expenseLines(cash, parts), send: () => api.post(EXPENSE, body) };
  };
}

function journalDoc(debit: string, credit: string, debitR: boolean, creditR: boolean): Doc['resend'] {
  return ([amount], editId) => {
    const a = amount!;
    const line = (category: string, account: string, r: boolean) => ({
      category,
      amount: money(a),
      [category === 'inflow' ? 'debitAccountID' : 'creditAccountID']: id(account),
      date: '2026-11-02',
      ...(r ? { fundID: id(`fund:${R}`) } : {}),
    });
    const lines = journalLines([
      { account: debit, fund: debitR ? R : homeFund(debit), amount: a },
      { account: credit, fund: creditR ? R : homeFund(credit), amount: -a },
    ]);
    const body = [line('inflow', debit, debitR), line('outflow', credit, creditR)];
    return { lines, send: () => (editId ? api.post(`${JOURNAL}?id=${editId}`, body) : api.post(JOURNAL, body)) };
  };
}

const offeringRow = (amount: bigint) => ({
  financialContributionID: itemId,
  date: '2026-11-02',
  amount: money(amount),
  paymentChannel: 'Cash',
  currencyID: NGN,
});

/**
 * Runs one operation against the API and the model: the model decides whether the server
 * must accept it (200) or refuse it for the donor-restricted fund (400 naming 'fund').
 */
async function run(op: Op, docs: Doc[], model: Ledger, rBase: bigint): Promise<void> {
  const expectStatus = (res: LightMyRequestResponse, ok: boolean) => {
    expect(res.statusCode, `${JSON.stringify(op)} -> ${res.body}`).toBe(ok ? 200 : 400);
    if (!ok) expect(errorFields(res)).toContain('fund');
    if (!ok) stats.refused++;
  };
  const create = async (kind: Doc['kind'], resend: Doc['resend'], amounts: bigint[]) => {
    const { lines, send } = resend(amounts);
    const ok = model.step(lines, 1n, rBase);
    const res = await send();
    expectStatus(res, ok);
    if (ok) docs.push({ id: res.json().returnObject.id, kind, lines, resend });
  };
  stats.ops++;
  stats.byKind[op.kind] = (stats.byKind[op.kind] ?? 0) + 1;
  if (op.kind === 'income') {
    const accounts = op.lines.map((l) => INCOME_ACCOUNTS[l.account]!);
    await create(
      'income',
      incomeDoc(CASH_BANK[op.cash]!, accounts),
      op.lines.map((l) => BigInt(l.amount)),
    );
  } else if (op.kind === 'expense') {
    const accounts = op.lines.map((l) => ({ account: EXPENSE_ACCOUNTS[l.account]!, restricted: l.restricted }));
    await create(
      'expense',
      expenseDoc(CASH_BANK[op.cash]!, accounts),
      op.lines.map((l) => BigInt(l.amount)),
    );
  } else if (op.kind === 'journal') {
    const resend = journalDoc(JOURNAL_ACCOUNTS[op.debit]!, JOURNAL_ACCOUNTS[op.credit]!, op.debitR, op.creditR);
    await create('journal', resend, [BigInt(op.amount)]);
  } else if (op.kind === 'offering') {
    const res = await api.post(
      '/api/Financials/Contributions/Transactions/Save',
      op.amounts.map((a) => offeringRow(BigInt(a))),
    );
    expectStatus(res, true);
    const saved = res.json().returnObject as { id: string }[];
    op.amounts.forEach((a, i) => {
      const resend: Doc['resend'] = ([amount]) => ({
        lines: offeringLines(amount!, remittanceId),
        send: () =>
          api.put('/api/Financials/Contributions/Transactions/Edit', [{ id: saved[i]!.id, ...offeringRow(amount!) }]),
      });
      const lines = offeringLines(BigInt(a), remittanceId);
      model.apply(lines, 1n);
      docs.push({ id: saved[i]!.id, kind: 'offering', lines, resend });
    });
  } else if (docs.length === 0) {
    stats.noDocument++;
  } else if (op.kind === 'delete') {
    const [doc] = docs.splice(op.pick % docs.length, 1);
    const ok = model.step(doc!.lines, -1n, rBase);
    const res =
      doc!.kind === 'offering'
        ? await api.delete(`/api/Financials/Contributions/Transactions/Delete?ID=${doc!.id}`)
        : await api.delete(`${DOC_DELETE}?id=${doc!.id}`);
    expectStatus(res, ok);
    if (!ok) docs.push(doc!);
  } else {
    const doc = docs[op.pick % docs.length]!;
    // An edit reverses and re-posts in one transaction; the restricted-fund rule applies to
    // the state after both, which model.step checks below.
    const count = doc.kind === 'journal' || doc.kind === 'offering' ? 1 : doc.lines.length / 2;
    const next = doc.resend(op.amounts.slice(0, count).map(BigInt), doc.id);
    model.apply(doc.lines, -1n);
    const ok = model.step(next.lines, 1n, rBase);
    if (!ok) model.apply(doc.lines, 1n);
    const res = await next.send();
    expectStatus(res, ok);
    if (ok) doc.lines = next.lines;
  }
}

describe('ledger model', () => {
  it(`after any sequence of operations every balance equals the model's and the books balance (${RUNS} runs)`, async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
        stats.runs++;
        const base = last ?? chartFigures(await getChart(api));
        last = null;
        const model = new Ledger();
        const docs: Doc[] = [];
        for (const op of ops) await run(op, docs, model, base.get(R) ?? 0n);
        const after = chartFigures(await getChart(api));
        const expected = new Map(base);
        for (const [name, v] of model.raw) {
          if (!TYPE[name]) throw new Error(`model touched unknown account ${name}`);
          expected.set(name, (expected.get(name) ?? 0n) + v);
        }
        for (const [fund, v] of model.fund) expected.set(fund, (expected.get(fund) ?? 0n) + v);
        for (const name of new Set([...after.keys(), ...expected.keys()]))
          expect(after.get(name) ?? 0n, `${name} after ${JSON.stringify(ops)}`).toBe(expected.get(name) ?? 0n);
        expect(after.get(R)! >= 0n).toBe(true);
        const tb = await trialBalance(h.database, tenantId);
        expect(
          Object.values(tb).every((v) => v === 0n),
          JSON.stringify(ops),
        ).toBe(true);
        last = after;
      }),
      {
        numRuns: RUNS,
        ...(process.env.LEDGER_MODEL_SEED
          ? { seed: Number(process.env.LEDGER_MODEL_SEED), path: process.env.LEDGER_MODEL_PATH }
          : {}),
      },
    );
    expect(await unbalancedEntries(h.database, tenantId)).toEqual([]);
    console.log(`ledger model: ${JSON.stringify(stats)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 900_000);
});
