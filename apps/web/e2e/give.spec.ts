import { expect, test, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { SandboxCheckout } from './pages/give-checkout.ts';
import { GiverSignInPage, GiverSignUpPage, GiverTransactionsPage } from './pages/give-giver-pages.ts';
import { GivePage, type GatewayLabel, type GiftDetails } from './pages/give-page.ts';
import { GiveThanksPage } from './pages/give-thanks-page.ts';
import { PHONE, runId, today } from './pages/ui.ts';
import { adminApi } from './support/church-api.ts';
import { books, donationRows, expectGiftOnce, paymentFormId } from './support/giving-api.ts';

/*
 * Online giving, the visitor's side (issue 10 'Public pages', 'Done when'): on a phone-sized
 * screen, the demo church's payment form link, gifts through the local provider sandbox's hosted
 * checkout (Paystack and Flutterwave), the thank-you page, a cancelled checkout, and a giver who
 * signs up, gives, signs out, signs in again and finds the gift in 'Your Transactions'. The
 * church's side is read through the API the admin screens use (support/giving-api.ts): each gift is
 * in the donation list and the chart of accounts once, after the provider's webhooks have arrived too.
 */

test.use({ viewport: PHONE, hasTouch: true });

/**
 * The demo church's administrator, signed in through the API (not the visitor's browser), and the
 * id of its 'Sunday Giving' form.
 */
async function demoChurch(
  playwright: { request: APIRequest },
  baseURL: string,
): Promise<{ api: APIRequestContext; formId: string }> {
  const api = await adminApi(playwright, baseURL);
  return { api, formId: await paymentFormId(api, 'Sunday Giving') };
}

/** A gift as the visitor makes it, and the receipt it must end with. */
interface Gift {
  provider: GatewayLabel;
  amounts: Record<string, string>;
  details?: GiftDetails;
  /** the total as the page, the checkout and the receipt show it ('₦17,500.50') */
  total: string;
  /** each item's amount on the receipt */
  shown: Record<string, string>;
}

/**
 * Gives `gift` on form `formId` through its provider's sandbox checkout (Succeed) and checks the
 * total on the way and the thank-you page; answers Steward's reference and the sandbox's origin.
 */
async function giveThrough(page: Page, formId: string, gift: Gift): Promise<{ reference: string; sandbox: string }> {
  const give = new GivePage(page);
  await give.goto(formId);
  await give.fillAmounts(gift.amounts);
  await expect(give.total).toHaveText(gift.total);
  if (gift.details) await give.fillDetails(gift.details);
  await give.choose(gift.provider);
  await expect(give.giveButton).toHaveText(`Give ${gift.total}`);
  await give.give();
  const sandbox = new URL(page.url()).origin;
  const checkout = new SandboxCheckout(page);
  await checkout.expectShown(gift.provider, gift.total);
  await checkout.choose('Succeed');
  const thanks = new GiveThanksPage(page);
  await thanks.expectReceived(gift.total, gift.shown, gift.provider);
  return { reference: await thanks.referenceText(), sandbox };
}

test.describe('online giving on a phone', () => {
  test('a visitor gives to two items through the Paystack checkout and sees the thank-you page; the church sees the gift once', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const church = await demoChurch(playwright, baseURL!);
    const before = await books(church.api);
    const donor = `Ada Obi ${runId()}`;
    const gift = await giveThrough(page, church.formId, {
      provider: 'Paystack',
      amounts: { 'Building Fund': '5000', Tithe: '12,500.50' },
      details: { name: donor, email: 'ada.obi@example.com', phone: '+234 803 111 2222' },
      total: '₦17,500.50',
      shown: { 'Building Fund': '₦5,000.00', Tithe: '₦12,500.50' },
    });
    await expect(page.getByText(today().us)).toBeVisible();

    await expectGiftOnce(
      church.api,
      gift,
      [
        { contribution: 'Building Fund', amount: 5000, donor, channel: 'Paystack', currencyName: 'NGN' },
        { contribution: 'Tithe', amount: 12500.5, donor, channel: 'Paystack', currencyName: 'NGN' },
      ],
      { before, amount: 17500.5 },
    );
    await church.api.dispose();
  });

  test('a visitor gives through the Flutterwave checkout and sees the thank-you page; the church sees the gift once', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const church = await demoChurch(playwright, baseURL!);
    const before = await books(church.api);
    const donor = `Bola Ade ${runId()}`;
    const gift = await giveThrough(page, church.formId, {
      provider: 'Flutterwave',
      amounts: { 'Sunday Offering': '2,000', 'Building Fund': '750.25' },
      details: { name: donor, email: 'bola.ade@example.com' },
      total: '₦2,750.25',
      shown: { 'Sunday Offering': '₦2,000.00', 'Building Fund': '₦750.25' },
    });

    await expectGiftOnce(
      church.api,
      gift,
      [
        { contribution: 'Building Fund', amount: 750.25, donor, channel: 'Flutterwave' },
        { contribution: 'Sunday Offering', amount: 2000, donor, channel: 'Flutterwave' },
      ],
      { before, amount: 2750.25 },
    );
    await church.api.dispose();
  });

  test('a cancelled checkout says so, keeps what the visitor typed, and puts nothing in the books', async ({
    page,
    playwright,
    baseURL,
  }) => {
    const church = await demoChurch(playwright, baseURL!);
    const give = new GivePage(page);
    const checkout = new SandboxCheckout(page);
    const thanks = new GiveThanksPage(page);
    await give.goto(church.formId);
    await give.startGift({
      amounts: { Tithe: '3000' },
      details: { name: 'Chinedu Eze', email: 'chinedu@example.com' },
      provider: 'Paystack',
    });
    const paystackRef = (await checkout.choose('Abandon')).get('trxref');
    expect(paystackRef).toMatch(/^STW-/);
    await thanks.expectCancelled();

    // 'Try again': the giving page with the amount and details as they were
    await thanks.tryAgain();
    await give.expectShown();
    await expect(give.amount('Tithe')).toHaveValue('3000');
    await expect(page.getByLabel('Full Name')).toHaveValue('Chinedu Eze');
    await give.choose('Flutterwave');
    await give.give();
    const flutterwave = await checkout.choose('Abandon');
    expect(flutterwave.get('status')).toBe('cancelled');
    await thanks.expectCancelled();

    expect(await donationRows(church.api, paystackRef!)).toEqual([]);
    expect(await donationRows(church.api, flutterwave.get('tx_ref')!)).toEqual([]);
    await church.api.dispose();
  });

  test("a giver signs up, gives, signs out, signs in again and sees the gift in 'Your Transactions'", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const church = await demoChurch(playwright, baseURL!);
    const id = runId();
    const account = {
      name: `Funke Bello ${id}`,
      phone: '+2348035550101',
      email: `funke-${id}@example.com`,
      password: 'giving-e2e-1',
    };

    // from the giving page's link to the sign-up page, and back signed in
    const give = new GivePage(page);
    await give.goto(church.formId);
    await page.getByRole('link', { name: 'create an account' }).click();
    const signUp = new GiverSignUpPage(page);
    await signUp.expectShown();
    await signUp.signUp(account);
    await give.expectSignedInAs(account.name);
    await expect(page.getByText('Your account was created')).toBeVisible();

    // gives as the signed-in giver (no details to type)
    const sandbox = await give.startGift({ amounts: { 'Sunday Offering': '4,200' }, provider: 'Paystack' });
    await new SandboxCheckout(page).choose('Succeed');
    const thanks = new GiveThanksPage(page);
    await thanks.expectReceived('₦4,200.00', { 'Sunday Offering': '₦4,200.00' }, 'Paystack');
    const reference = await thanks.referenceText();

    // 'Your Transactions', then sign out
    const history = new GiverTransactionsPage(page);
    await history.open();
    await expect(history.rows).toHaveCount(1);
    await expect(history.row('Sunday Offering')).toContainText('₦4,200.00');
    await expect(history.row('Sunday Offering')).toContainText(today().us);
    await expect(history.row('Sunday Offering')).toContainText('Paystack');
    await history.signOut();
    await give.expectShown();
    await expect(page.getByText('Signed in as')).toHaveCount(0);
    await page.goto(`/transactionpage/${church.formId}`);
    const signIn = new GiverSignInPage(page);
    await signIn.expectShown();

    // a wrong password, then the right one
    await signIn.signIn(account.email, 'not-the-password');
    await expect(signIn.alert).toContainText('Incorrect details, ');
    await signIn.signIn(account.email, account.password, false);
    await give.expectSignedInAs(account.name);
    await history.open();
    await expect(history.row('Sunday Offering')).toContainText('₦4,200.00');
    await history.search('no such gift');
    await expect(page.getByText('You have not made any transactions')).toBeVisible();

    // the church sees the gift once, under the giver's name
    await expectGiftOnce(church.api, { reference, sandbox }, [
      { contribution: 'Sunday Offering', amount: 4200, donor: account.name, channel: 'Paystack' },
    ]);
    await church.api.dispose();
  });
});
