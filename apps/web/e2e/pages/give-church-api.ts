import { expect, type APIRequest, type APIRequestContext } from '@playwright/test';

/** The demo church's administrator (DEMO=auto). */
export const DEMO_CHURCH = { email: 'admin@grace.example', password: 'stewardship', churchName: 'Grace Chapel, Lagos' };
const CSRF = { 'x-steward-csrf': '1' };

/** One row of GET /api/Financials/Donation/Transactions (the fields read here). */
export interface DonationRow {
  contribution: string;
  amount: number;
  donor: string;
  channel: string;
  currencyName: string;
  reference: string | null;
}

/** The church's books as the chart of accounts shows them, in naira. */
export interface Books {
  /** the total of the income accounts' balances */
  income: number;
  /** the total of the asset and expense accounts' balances (a gift's money and the provider's fee) */
  assetsAndExpenses: number;
}

/**
 * The church's side of online giving, read through the API its admin screens use (a request
 * context of its own, signed in as the demo church's administrator, not the visitor's browser):
 * the demo payment form, the donation list, the chart of accounts and the sandbox's webhook log.
 */
export class GivingChurchApi {
  private constructor(
    readonly api: APIRequestContext,
    /** the demo church's 'Sunday Giving' form */
    readonly formId: string,
  ) {}

  /** Signs in as the demo church's administrator and finds its 'Sunday Giving' form. */
  static async signIn(playwright: { request: APIRequest }, baseURL: string): Promise<GivingChurchApi> {
    const api = await playwright.request.newContext({ baseURL });
    const login = await api.post('/login', {
      data: { userName: DEMO_CHURCH.email, password: DEMO_CHURCH.password },
      headers: CSRF,
    });
    expect(login.ok(), await login.text()).toBe(true);
    const res = await api.get('/api/PaymentForm/GetAll');
    expect(res.ok(), await res.text()).toBe(true);
    const forms = (await res.json()) as { id: string; name: string; isActive: boolean }[];
    const form = forms.find((f) => f.name === 'Sunday Giving' && f.isActive);
    expect(form, 'the demo church has its Sunday Giving form').toBeDefined();
    return new GivingChurchApi(api, form!.id);
  }

  /**
   * The chart of accounts (GET /api/Financials/GetChartOfAccounts, the call of the Chart of
   * Accounts page): income total, and asset plus expense total.
   */
  async books(): Promise<Books> {
    const res = await this.api.get('/api/Financials/GetChartOfAccounts');
    expect(res.ok(), await res.text()).toBe(true);
    const chart = (await res.json()) as {
      accountwithHeads: { accountType: string; accounts: { balance: number }[] }[];
    };
    const total = (types: string[]) =>
      chart.accountwithHeads
        .filter((g) => types.includes(g.accountType))
        .flatMap((g) => g.accounts)
        .reduce((sum, a) => sum + Math.round(a.balance * 100), 0) / 100;
    return { income: total(['income']), assetsAndExpenses: total(['assets', 'expense']) };
  }

  /** The donation rows of `reference` in the church's donation list (page 1, newest first). */
  async donationRows(reference: string): Promise<DonationRow[]> {
    const res = await this.api.get('/api/Financials/Donation/Transactions?page=1');
    expect(res.ok(), await res.text()).toBe(true);
    const page = (await res.json()) as { data: DonationRow[]; totalItems: number };
    return page.data.filter((r) => r.reference === reference);
  }

  /**
   * Waits until the sandbox has delivered its webhook of `reference` to Steward (its delivery
   * log, GET {sandbox}/__sandbox/webhooks), so that the donation list is read after every way a
   * gift can be reported (the return, the confirm call, the webhook) has arrived.
   */
  async waitForWebhook(sandboxOrigin: string, reference: string): Promise<void> {
    await expect
      .poll(
        async () => {
          const res = await this.api.get(`${sandboxOrigin}/__sandbox/webhooks`);
          const log = (await res.json()) as { deliveries: { reference: string; status: number | null }[] };
          return log.deliveries.some((d) => d.reference === reference && d.status !== null && d.status < 300);
        },
        { timeout: 20_000, message: `the sandbox delivered the webhook of ${reference}` },
      )
      .toBe(true);
  }

  /**
   * The gift `reference` is in the church's books exactly once, after its webhook too: the
   * donation list holds `rows` (compared on the fields each row names, in any order) and, when
   * `before` is given, the chart of accounts moved by `amount`: income up by the gift, and the
   * money (less the provider's fee, which is an expense) in the provider's clearing account.
   */
  async expectGiftOnce(
    gift: { reference: string; sandbox: string },
    rows: Partial<DonationRow>[],
    books?: { before: Books; amount: number },
  ): Promise<void> {
    await this.waitForWebhook(gift.sandbox, gift.reference);
    const found = await this.donationRows(gift.reference);
    const keys = Object.keys(rows[0] ?? {}) as (keyof DonationRow)[];
    const shape = (r: Partial<DonationRow>) => JSON.stringify(keys.map((k) => r[k]));
    expect(found.map(shape).sort()).toEqual(rows.map(shape).sort());
    if (!books) return;
    const after = await this.books();
    expect(after.income - books.before.income).toBeCloseTo(books.amount, 2);
    expect(after.assetsAndExpenses - books.before.assetsAndExpenses).toBeCloseTo(books.amount, 2);
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }
}
