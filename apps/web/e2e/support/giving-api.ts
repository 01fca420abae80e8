import { expect, type APIRequestContext } from '@playwright/test';
import { json } from './church-api.ts';

/*
 * Online giving, the church's side (give.spec.ts, event-registration.spec.ts), read through the
 * calls its admin screens use with an admin API client (support/church-api.ts `adminApi`): the
 * demo payment form, the donation list, the chart of accounts and the provider sandbox's webhook
 * log; and the check that a payment is in the books exactly once.
 */

/** One row of GET /api/Financials/Donation/Transactions (the fields read here). */
export interface DonationRow {
  contribution: string;
  eventName: string | null;
  /** major units (naira) */
  amount: number;
  donor: string;
  channel: string;
  currencyName: string;
  reference: string | null;
}

/** The church's books as the chart of accounts shows them, in major units (naira). */
export interface Books {
  /** the total of the income accounts' balances */
  income: number;
  /** the total of the asset and expense accounts' balances (a payment's money and the provider's fee) */
  assetsAndExpenses: number;
}

/** The id of the church's active payment form named `name` (GET /api/PaymentForm/GetAll). */
export async function paymentFormId(api: APIRequestContext, name = 'Sunday Giving'): Promise<string> {
  const forms = await json<{ id: string; name: string; isActive: boolean }[]>(await api.get('/api/PaymentForm/GetAll'));
  const form = forms.find((f) => f.name === name && f.isActive);
  expect(form, `the church has its ${name} form`).toBeDefined();
  return form!.id;
}

/**
 * The church's books (GET /api/Financials/GetChartOfAccounts, the call of the Chart of Accounts
 * page): the income total, and the asset plus expense total (where a payment's money and the
 * provider's fee are debited).
 */
export async function books(api: APIRequestContext): Promise<Books> {
  const chart = await json<{ accountwithHeads: { accountType: string; accounts: { balance: number }[] }[] }>(
    await api.get('/api/Financials/GetChartOfAccounts'),
  );
  const total = (types: string[]) =>
    chart.accountwithHeads
      .filter((g) => types.includes(g.accountType))
      .flatMap((g) => g.accounts)
      .reduce((sum, a) => sum + Math.round(a.balance * 100), 0) / 100;
  return { income: total(['income']), assetsAndExpenses: total(['assets', 'expense']) };
}

/** The donation rows of payment `reference` in the church's donation list (page 1, newest first). */
export async function donationRows(api: APIRequestContext, reference: string): Promise<DonationRow[]> {
  const page = await json<{ data: DonationRow[] }>(await api.get('/api/Financials/Donation/Transactions?page=1'));
  return page.data.filter((r) => r.reference === reference);
}

/**
 * Waits (20 s at most) until the sandbox at `sandboxOrigin` has delivered its webhook of
 * `reference` to Steward (its delivery log, GET {sandbox}/__sandbox/webhooks), so lists are read
 * after every way a payment is reported (the return, the confirm call, the webhook) has arrived.
 */
export async function waitForWebhook(api: APIRequestContext, sandboxOrigin: string, reference: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await api.get(`${sandboxOrigin}/__sandbox/webhooks`);
        const log = (await res.json()) as { deliveries: { reference: string; status: number | null }[] };
        return log.deliveries.some((d) => d.reference === reference && d.status !== null && d.status < 300);
      },
      { timeout: 20_000, message: `the sandbox delivered the webhook of ${reference}` },
    )
    .toBe(true);
}

/**
 * The payment `paid.reference` is in the church's books exactly once, after its webhook too: the
 * donation list holds `rows` (compared on the fields the first row names, in any order, no more
 * and no fewer) and, when `moved` is given, the chart of accounts moved by `moved.amount` (major
 * units) since `moved.before`: income up by the payment, and the money (less the provider's fee,
 * which is an expense) in the provider's clearing account.
 */
export async function expectGiftOnce(
  api: APIRequestContext,
  paid: { reference: string; sandbox: string },
  rows: Partial<DonationRow>[],
  moved?: { before: Books; amount: number },
): Promise<void> {
  await waitForWebhook(api, paid.sandbox, paid.reference);
  const found = await donationRows(api, paid.reference);
  const keys = Object.keys(rows[0] ?? {}) as (keyof DonationRow)[];
  const shape = (r: Partial<DonationRow>) => JSON.stringify(keys.map((k) => r[k]));
  expect(found.map(shape).sort()).toEqual(rows.map(shape).sort());
  if (!moved) return;
  const after = await books(api);
  expect(after.income - moved.before.income).toBeCloseTo(moved.amount, 2);
  expect(after.assetsAndExpenses - moved.before.assetsAndExpenses).toBeCloseTo(moved.amount, 2);
}
