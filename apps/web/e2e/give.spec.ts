import { expect, test, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { SandboxCheckout } from './pages/give-checkout.ts';
import { GiverSignInPage, GiverSignUpPage, GiverTransactionsPage } from './pages/give-giver-pages.ts';
import { GivePage } from './pages/give-page.ts';
import { GiveThanksPage } from './pages/give-thanks-page.ts';
import { runId, today } from './pages/ui.ts';

/*
 * Online giving, the visitor's side (issue 10 'Public pages', 'Done when'): on a phone-sized
 * screen, the demo church's payment form link, gifts through the local provider sandbox's hosted
 * checkout (Paystack and Flutterwave), the thank-you page, a cancelled checkout, and a giver who
 * signs up, gives, signs out, signs in again and finds the gift in 'Your Transactions'. The
 * church's side is read through the API the admin screens use: each gift is in the donation list
 * once, after the provider's webhooks have arrived too.
 */

const PHONE = { width: 390, height: 844 };
const DEMO = { email: 'admin@grace.example', password: 'stewardship', churchName: 'Grace Chapel, Lagos' };
const CSRF = { 'x-steward-csrf': '1' };

test.use({ viewport: PHONE, hasTouch: true });

/** One row of GET /api/Financials/Donation/Transactions (the fields read here). */
interface DonationRow {
  contribution: string;
  amount: number;
  donor: string;
  channel: string;
  currencyName: string;
  reference: string | null;
}

/** An API client signed in as the demo church's administrator (a context of its own, not the visitor's browser). */
async function adminApi(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post('/login', { data: { userName: DEMO.email, password: DEMO.password }, headers: CSRF });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

/** The demo church's payment form id ('Sunday Giving'), read as its administrator. */
async function demoFormId(api: APIRequestContext): Promise<string> {
  const res = await api.get('/api/PaymentForm/GetAll');
  expect(res.ok(), await res.text()).toBe(true);
  const forms = (await res.json()) as { id: string; name: string; isActive: boolean }[];
  const form = forms.find((f) => f.name === 'Sunday Giving' && f.isActive);
  expect(form, 'the demo church has its Sunday Giving form').toBeDefined();
  return form!.id;
}

/**
 * Waits until the sandbox has delivered its webhook of `reference` to Steward (its delivery log,
 * GET {sandbox}/__sandbox/webhooks), so that the donation list is read after every way a gift can
 * be reported (the return, the confirm call, the webhook) has arrived.
 */
async function waitForWebhook(api: APIRequestContext, sandboxOrigin: string, reference: string): Promise<void> {
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

/** The donation rows of `reference` in the church's donation list (page 1, newest first). */
async function donationRows(api: APIRequestContext, reference: string): Promise<DonationRow[]> {
  const res = await api.get('/api/Financials/Donation/Transactions?page=1');
  expect(res.ok(), await res.text()).toBe(true);
  const page = (await res.json()) as { data: DonationRow[]; totalItems: number };
  return page.data.filter((r) => r.reference === reference);
}

/**
 * The church's books as the chart of accounts shows them (GET /api/Financials/GetChartOfAccounts,
 * the call of the Chart of Accounts page): the total of the income accounts' balances, and the
 * total of the asset and expense accounts' balances (where a gift's money and the provider's fee
 * are debited), in naira.
 */
async function books(api: APIRequestContext): Promise<{ income: number; assetsAndExpenses: number }> {
  const res = await api.get('/api/Financials/GetChartOfAccounts');
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

/** Gives `amounts` through `provider`'s sandbox checkout (Succeed); answers the reference and the sandbox's origin. */
async function giveThrough(
  page: Page,
  formId: string,
  provider: 'Paystack' | 'Flutterwave',
  amounts: Record<string, string>,
  details: { name?: string; email?: string; phone?: string },
  total: string,
  shown: Record<string, string>,
): Promise<{ reference: string; sandbox: string }> {
  const give = new GivePage(page);
  await give.goto(formId);
  await give.fillAmounts(amounts);
  await expect(give.total).toHaveText(total);
  await give.fillDetails(details);
  await give.choose(provider);
  await expect(give.giveButton).toHaveText(`Give ${total}`);
  await give.give();
  const sandbox = new URL(page.url()).origin;
  const checkout = new SandboxCheckout(page);
  await checkout.expectShown(provider, total);
  await checkout.choose('Succeed');
  const thanks = new GiveThanksPage(page);
  await thanks.expectReceived(total, shown, provider);
  return { reference: await thanks.referenceText(), sandbox };
}

test.describe('online giving on a phone', () => {
  test('a visitor gives to two items through the Paystack checkout and sees the thank-you page; the church sees the gift once', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await adminApi(playwright, baseURL!);
    const formId = await demoFormId(api);
    const before = await books(api);
    const donor = `Ada Obi ${runId()}`;
    const { reference, sandbox } = await giveThrough(
      page,
      formId,
      'Paystack',
      { 'Building Fund': '5000', Tithe: '12,500.50' },
      { name: donor, email: 'ada.obi@example.com', phone: '+234 803 111 2222' },
      '₦17,500.50',
      { 'Building Fund': '₦5,000.00', Tithe: '₦12,500.50' },
    );
    await expect(page.getByText(today().us)).toBeVisible();

    await waitForWebhook(api, sandbox, reference);
    const rows = await donationRows(api, reference);
    expect(rows.map((r) => [r.contribution, r.amount, r.donor, r.channel, r.currencyName]).sort()).toEqual(
      [
        ['Building Fund', 5000, donor, 'Paystack', 'NGN'],
        ['Tithe', 12500.5, donor, 'Paystack', 'NGN'],
      ].sort(),
    );
    // the chart of accounts holds the gift once: income up by the gift, and the money (less the
    // provider's fee, which is an expense) in the Paystack clearing account
    const after = await books(api);
    expect(after.income - before.income).toBeCloseTo(17500.5, 2);
    expect(after.assetsAndExpenses - before.assetsAndExpenses).toBeCloseTo(17500.5, 2);
    await api.dispose();
  });

  test('a visitor gives through the Flutterwave checkout and sees the thank-you page; the church sees the gift once', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await adminApi(playwright, baseURL!);
    const formId = await demoFormId(api);
    const before = await books(api);
    const donor = `Bola Ade ${runId()}`;
    const { reference, sandbox } = await giveThrough(
      page,
      formId,
      'Flutterwave',
      { 'Sunday Offering': '2,000', 'Building Fund': '750.25' },
      { name: donor, email: 'bola.ade@example.com' },
      '₦2,750.25',
      { 'Sunday Offering': '₦2,000.00', 'Building Fund': '₦750.25' },
    );

    await waitForWebhook(api, sandbox, reference);
    const rows = await donationRows(api, reference);
    expect(rows.map((r) => [r.contribution, r.amount, r.donor, r.channel]).sort()).toEqual(
      [
        ['Building Fund', 750.25, donor, 'Flutterwave'],
        ['Sunday Offering', 2000, donor, 'Flutterwave'],
      ].sort(),
    );
    const after = await books(api);
    expect(after.income - before.income).toBeCloseTo(2750.25, 2);
    expect(after.assetsAndExpenses - before.assetsAndExpenses).toBeCloseTo(2750.25, 2);
    await api.dispose();
  });

  test('a cancelled checkout says so, keeps what the visitor typed, and puts nothing in the books', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await adminApi(playwright, baseURL!);
    const formId = await demoFormId(api);
    const give = new GivePage(page);
    await give.goto(formId);
    await give.fillAmounts({ Tithe: '3000' });
    await give.fillDetails({ name: 'Chinedu Eze', email: 'chinedu@example.com' });
    await give.choose('Paystack');
    await give.give();
    await new SandboxCheckout(page).choose('Abandon');
    const paystackRef = new URL(page.url()).searchParams.get('trxref');
    expect(paystackRef).toMatch(/^STW-/);
    const thanks = new GiveThanksPage(page);
    await thanks.expectCancelled();

    // 'Try again': the giving page with the amount and details as they were
    await thanks.tryAgain();
    await give.expectShown();
    await expect(give.amount('Tithe')).toHaveValue('3000');
    await expect(page.getByLabel('Full Name')).toHaveValue('Chinedu Eze');
    await give.choose('Flutterwave');
    await give.give();
    await new SandboxCheckout(page).choose('Abandon');
    expect(new URL(page.url()).searchParams.get('status')).toBe('cancelled');
    const flutterwaveRef = new URL(page.url()).searchParams.get('tx_ref');
    await thanks.expectCancelled();

    expect(await donationRows(api, paystackRef!)).toEqual([]);
    expect(await donationRows(api, flutterwaveRef!)).toEqual([]);
    await api.dispose();
  });

  test("a giver signs up, gives, signs out, signs in again and sees the gift in 'Your Transactions'", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const api = await adminApi(playwright, baseURL!);
    const formId = await demoFormId(api);
    const id = runId();
    const account = {
      name: `Funke Bello ${id}`,
      phone: '+2348035550101',
      email: `funke-${id}@example.com`,
      password: 'giving-e2e-1',
    };

    // from the giving page's link to the sign-up page, and back signed in
    const give = new GivePage(page);
    await give.goto(formId);
    await page.getByRole('link', { name: 'create an account' }).click();
    const signUp = new GiverSignUpPage(page);
    await signUp.expectShown();
    await signUp.signUp(account);
    await give.expectShown();
    await expect(page.getByText('Your account was created')).toBeVisible();
    await expect(give.signedInAs(account.name)).toBeVisible();

    // gives as the signed-in giver (no details to type)
    await give.fillAmounts({ 'Sunday Offering': '4,200' });
    await give.choose('Paystack');
    await give.give();
    const sandbox = new URL(page.url()).origin;
    await new SandboxCheckout(page).choose('Succeed');
    const thanks = new GiveThanksPage(page);
    await thanks.expectReceived('₦4,200.00', { 'Sunday Offering': '₦4,200.00' }, 'Paystack');
    const reference = await thanks.referenceText();

    // 'Your Transactions', then sign out
    await page.getByRole('link', { name: 'Your Transactions' }).click();
    const history = new GiverTransactionsPage(page);
    await history.expectShown();
    await expect(history.rows).toHaveCount(1);
    await expect(history.row('Sunday Offering')).toContainText('₦4,200.00');
    await expect(history.row('Sunday Offering')).toContainText(today().us);
    await expect(history.row('Sunday Offering')).toContainText('Paystack');
    await history.signOut();
    await give.expectShown();
    await expect(page.getByText('Signed in as')).toHaveCount(0);
    await page.goto(`/transactionpage/${formId}`);
    const signIn = new GiverSignInPage(page);
    await signIn.expectShown();

    // a wrong password, then the right one
    await signIn.signIn(account.email, 'not-the-password');
    await expect(signIn.alert).toContainText('Incorrect details, ');
    await signIn.signIn(account.email, account.password, false);
    await give.expectShown();
    await expect(give.signedInAs(account.name)).toBeVisible();
    await page.getByRole('link', { name: 'Your Transactions' }).click();
    await history.expectShown();
    await expect(history.row('Sunday Offering')).toContainText('₦4,200.00');
    await history.search('no such gift');
    await expect(page.getByText('You have not made any transactions')).toBeVisible();

    // the church sees the gift once, under the giver's name
    await waitForWebhook(api, sandbox, reference);
    const rows = await donationRows(api, reference);
    expect(rows.map((r) => [r.contribution, r.amount, r.donor, r.channel])).toEqual([
      ['Sunday Offering', 4200, account.name, 'Paystack'],
    ]);
    await api.dispose();
  });
});
