import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AccountRegisterSection } from './pages/account-register-page.ts';
import { AddOfferingPage } from './pages/add-offering-page.ts';
import { ChartOfAccountsPage } from './pages/chart-of-accounts-page.ts';
import { OfferingsPage } from './pages/offerings-page.ts';
import { SignUpPage } from './pages/sign-up-page.ts';
import { TenantShell } from './pages/tenant-shell.ts';
import { TransactionsPage } from './pages/transactions-page.ts';
import { expectToast, pickOption, runId, selectOf, today } from './pages/ui.ts';

const CSRF = { 'x-steward-csrf': '1' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const NO_RATE_TEXT = 'Only currencies with a stored exchange rate can be chosen.';

/**
 * Saves `{name}-1280.png` and `{name}-390.png` (full page) in the folder named by E2E_SHOTS,
 * nothing when it is not set; the viewport is left at 1280 px. Waits for the charts' entry
 * animations first; no assertion depends on the pictures.
 */
async function shots(page: Page, name: string, widths: readonly number[] = [1280, 390]): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize(width === 390 ? PHONE : DESKTOP);
    await page.evaluate('window.scrollTo(0, 0)');
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * Expects `locator` shown whole across the width of the phone screen (scrolled into view first):
 * not cut off, nor pushed right of the screen by the columns before it.
 */
async function expectAcrossPhone(locator: Locator): Promise<void> {
  // A new viewport width may swap the table for its phone layout, detaching the element first
  // found: the whole check is retried until the layout settles.
  await expect(async () => {
    await locator.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(locator).toBeInViewport({ ratio: 1, timeout: 2_000 });
    const box = await locator.boundingBox({ timeout: 2_000 });
    expect(box, 'laid out').toBeTruthy();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }).toPass({ timeout: 15_000 });
}

/** An account id by its picker text ('1000 - Cash'), read through the API the app uses. */
async function accountId(page: Page, url: string, text: string): Promise<string> {
  const res = await page.request.get(url);
  expect(res.ok(), await res.text()).toBe(true);
  const found = ((await res.json()) as { id: string; text: string }[]).find((a) => a.text === text);
  expect(found, `${text} is offered by ${url}`).toBeDefined();
  return found!.id;
}

/** Signs up a new church in NGN and returns its shell. */
async function newChurch(page: Page, id: string): Promise<TenantShell> {
  const churchName = `Grace Chapel ${id}`;
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await signUp.fill({
    churchName,
    country: 'Nigeria',
    currency: 'NGN',
    firstName: 'Ada',
    lastName: 'Nwosu',
    email: `phone-${id}@grace.example`,
    phone: '+2348031114444',
    password: 'stewardship-e2e',
  });
  await signUp.submit();
  const shell = new TenantShell(page);
  await shell.expectSignedIn(churchName);
  return shell;
}

/** Opens `path` in a fresh browser context without a session, as someone given a share link. */
async function openAsStranger(browser: Browser, baseURL: string, linkPath: string, name: string): Promise<void> {
  const context = await browser.newContext({ baseURL, viewport: DESKTOP });
  const stranger = await context.newPage();
  await stranger.goto(linkPath);
  await expect(stranger.getByText('₦15,000.00').first()).toBeVisible();
  await shots(stranger, name);
  await context.close();
}

/**
 * Issue 7, part 4: what a new user tripped over in the finance screens. A new church records two
 * offerings (one with a donor) and finds: the currency picker offers only currencies with a
 * stored rate; the Transaction page shows the new balance without a reload; the summary says
 * when its totals could not be loaded (never '₦0.00') and lets them be loaded again; the last
 * date of the chart is not cut off; the side menu's background runs the page's full height; on
 * a 390 px phone every offering and transaction keeps its amount (and donor) in view; the income
 * form says by how much its split lines are short or over; an empty account head speaks of
 * accounts; the no-accounts dialog names controls that are on screen.
 */
test('a new church finds the finance screens say what is wrong and keep amounts in view', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const id = runId();
  const day = today();
  await page.setViewportSize(DESKTOP);
  const shell = await newChurch(page, id);

  const cash = await accountId(page, '/api/financials/accounts/getcashbankaccounts', '1000 - Cash');
  const offering = await accountId(page, '/api/Financials/Accounts/GetIncomeAccounts', '4000 - Offering');
  const item = await page.request.post('/api/financials/contributions/items/save', {
    headers: CSRF,
    data: { name: 'Sunday Offering', incomeAccountId: offering, cashAccountId: cash, incomeRemittance: [] },
  });
  expect(item.ok(), await item.text()).toBe(true);

  // The Transaction page is opened first, so its balances are in the app's cache.
  const txns = new TransactionsPage(page);
  await shell.openFromMenu('Finance', 'Transactions');
  await expect(txns.totalBalance).toHaveText('₦0.00');

  // An older offering, 10 days ago (outside 'This Week'), so the chart of 'Last 30days' has a
  // first and a last date apart.
  const items = await page.request.get('/api/financials/contributions/items');
  const itemId = ((await items.json()) as { id: string; name: string }[]).find((i) => i.name === 'Sunday Offering')!.id;
  const tenDaysAgo = dayjs().subtract(10, 'day');
  const older = await page.request.post('/api/Financials/Contributions/Transactions/Save', {
    headers: { ...CSRF, 'Idempotency-Key': `older-${id}` },
    data: [
      {
        financialContributionID: itemId,
        date: tenDaysAgo.format('YYYY-MM-DD'),
        amount: '1000',
        paymentChannel: 'Cash',
        currencyID: 566,
      },
    ],
  });
  expect(older.ok(), await older.text()).toBe(true);

  // 1. Two offerings today, the second from a donor. The currency picker offers only currencies with
  //    a stored exchange rate: GHS has one, CHF has none and is not offered.
  await shell.openFromMenu('Offerings', 'Add Offering');
  const add = new AddOfferingPage(page);
  await add.expectShown('Add Offering');
  await add.fillRow(1, { item: 'Sunday Offering', channel: 'Cash', amount: '10,000' });
  const currency = page.getByRole('combobox', { name: 'Currency 1' });
  await currency.click();
  await currency.fill('GHS');
  const listId = await currency.getAttribute('aria-controls');
  const popup = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  await expect(popup.locator('.ant-select-item-option[title="GHS"]')).toBeVisible();
  await currency.fill('CHF');
  await expect(popup.locator('.ant-select-item-option')).toHaveCount(0);
  await expect(popup.getByText(NO_RATE_TEXT)).toBeVisible();
  await currency.press('Escape');
  await expect(selectOf(currency)).toHaveText('NGN');
  expect(await add.addRow()).toBe(2);
  await add.fillRow(2, { item: 'Sunday Offering', channel: 'POS', amount: '5,000' });
  await add.openDonor(2);
  await add.createMember({ firstName: 'Chinedu', lastName: 'Okonkwo-Adeyemi', phone: '+2348035550199' });
  await expect(add.donorDialog).toBeHidden();
  await expect(add.row(2)).toContainText('Chinedu Okonkwo-Adeyemi');
  await expect(add.grandTotal).toHaveText('₦15,000.00');
  await shots(page, 'add-offering');
  await add.save();
  await expectToast(page, 'Offering Saved');

  // 2. Back on the Transaction page through the menu (no reload): the new balance shows.
  await shell.openFromMenu('Finance', 'Transactions');
  await expect(txns.totalBalance).toHaveText('₦16,000.00');

  // 3. The offerings list: the summary's total, and the chart's last date inside the chart.
  const offerings = new OfferingsPage(page);
  await shell.openFromMenu('Offerings', 'Offerings');
  await offerings.expectShown();
  await expect(offerings.totalIncome).toHaveText('₦15,000.00');
  await pickOption(offerings.period, 'Last 30days');
  await expect(offerings.totalIncome).toHaveText('₦16,000.00');
  const area = page.getByRole('figure', { name: /^Offerings over time/ });
  const ticks = area.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: /^\d{2}\/\d{2}\/\d{4}$/ });
  await expect(ticks.first()).not.toHaveText(day.us);
  const lastTick = ticks.last();
  await expect(lastTick).toHaveText(day.us);
  const chartBox = await area.boundingBox();
  const tickBox = await lastTick.boundingBox();
  expect(chartBox && tickBox, 'the chart and its last x-axis label are laid out').toBeTruthy();
  expect(tickBox!.x + tickBox!.width, 'the last x-axis label ends inside the chart').toBeLessThanOrEqual(
    chartBox!.x + chartBox!.width,
  );
  await shots(page, 'offerings-chart-30-days', [1280]);
  await page.reload();
  await expect(offerings.totalIncome).toHaveText('₦15,000.00');

  // 4. The side menu's background runs the full height of a page longer than the window.
  await page.setViewportSize({ width: 1280, height: 600 });
  const heights = {
    page: (await page.evaluate('document.documentElement.scrollHeight')) as number,
    window: 600,
    menu: (await page.locator('aside.ant-layout-sider').boundingBox())?.height ?? 0,
  };
  expect(heights.page, 'the offerings page is longer than the window').toBeGreaterThan(heights.window);
  expect(heights.menu, 'the side menu is as tall as the page').toBeGreaterThanOrEqual(heights.page - 1);
  await page.mouse.wheel(0, 5_000);
  await expect(page.getByRole('navigation').getByRole('menu', { name: 'Main menu' })).toBeInViewport();
  await page.setViewportSize(DESKTOP);
  await page.mouse.wheel(0, -5_000);
  await shots(page, 'offerings-list');

  // 5. On a phone each offering keeps its amount and its donor in view.
  await page.setViewportSize(PHONE);
  const donorRow = offerings.rowWithAmount('₦5,000.00');
  await expect(donorRow).toBeVisible();
  await expectAcrossPhone(donorRow.getByRole('cell', { name: '₦5,000.00', exact: true }));
  await expect(donorRow.getByTestId('donor')).toHaveText('Donor: Chinedu Okonkwo-Adeyemi');
  await expectAcrossPhone(donorRow.getByTestId('donor'));
  await expect(offerings.rowWithAmount('₦10,000.00').getByTestId('donor')).toHaveText('No donor');
  await page.setViewportSize(DESKTOP);

  // 6. The summary cannot be loaded: it says so, never '₦0.00', and loads again on request.
  const summaryUrl = '**/api/financials/contributions/transactions/summary';
  await page.route(summaryUrl, (route) => route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }));
  await page.reload();
  await offerings.expectShown();
  await expect(page.getByText('The offering totals could not be loaded.')).toBeVisible();
  await expect(offerings.totalIncome).toHaveText('—');
  await expect(offerings.totalIncome).not.toContainText('₦');
  await shots(page, 'offerings-summary-error');
  await page.unroute(summaryUrl);
  await page.getByRole('alert').getByRole('button', { name: 'Try again' }).click();
  await expect(offerings.totalIncome).toHaveText('₦15,000.00');
  await expect(page.getByText('The offering totals could not be loaded.')).toBeHidden();

  // 7. The income form says by how much its split lines are short of the total, or over it.
  await shell.openFromMenu('Finance', 'Transactions');
  const income = await txns.addIncome();
  await income.amount().fill('10,000');
  await income.account('1000 - Cash');
  await income.line(1, '4000 - Offering');
  await income.addLine();
  await income.splitAmount(1).fill('6,000');
  await income.line(2, '4010 - Tithe', '2,500');
  const balance = income.root.getByTestId('split-balance');
  await expect(balance).toHaveText('Short by ₦1,500.00');
  await expect(income.save).toBeDisabled();
  await shots(page, 'income-split-short');
  await income.splitAmount(2).fill('4,500');
  await expect(balance).toHaveText('Over by ₦500.00');
  await expect(income.save).toBeDisabled();
  await income.splitAmount(2).fill('4,000');
  await expect(balance).toHaveText('');
  await expect(income.save).toBeEnabled();
  await income.memo().fill('Harvest gifts');
  await income.save.click();
  await expectToast(page, 'Transaction saved successfully');
  await expect(income.root).toBeHidden();
  await expect(txns.totalBalance).toHaveText('₦26,000.00');

  // 8. The transactions on a phone keep their amount in view.
  await page.setViewportSize(PHONE);
  const incomeRow = txns.row('Harvest gifts', day.us);
  await expectAcrossPhone(txns.amountOf(incomeRow));
  await page.setViewportSize(DESKTOP);
  await shots(page, 'transactions-list');

  // 9. The account register of Cash.
  await pickOption(txns.accountSelector, '1000 - Cash (₦26,000.00)', 'Cash');
  const register = new AccountRegisterSection(page);
  await expect(register.heading('1000 - Cash')).toBeVisible();
  await expect(register.rows()).toHaveCount(4);
  await page.setViewportSize(PHONE);
  await expectAcrossPhone(register.runningBalances().first());
  await page.setViewportSize(DESKTOP);
  await shots(page, 'account-register');

  // 10. An empty account head speaks of accounts.
  const chart = new ChartOfAccountsPage(page);
  await shell.openFromMenu('Finance', 'Chart of Accounts');
  await expect(chart.heading).toBeVisible();
  // a new church has an account head with no account yet (today 'Donor Restricted Funds')
  const emptyText = 'You have not added any accounts under this head yet.';
  for (const tab of ['Assets', 'Liabilities & Credit Cards', 'Income', 'Expenses', 'Fund [Equity]']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab.replace(/[[\]]/g, '\\$&')} \\(\\d+\\)$`) }).click();
    await expect(page.getByRole('tabpanel').first()).toBeVisible();
    if ((await page.getByRole('tabpanel').getByText(emptyText).count()) > 0) break;
  }
  await expect(page.getByRole('tabpanel').getByText(emptyText).first()).toBeVisible();
  await expect(page.getByText('You have not added any inventory yet.')).toHaveCount(0);
  await shots(page, 'chart-of-accounts-empty-head');

  // 11. The report of the day, approved and shared: the shared view, as a stranger sees it.
  const approve = await page.request.post('/api/Offering/report/approve', { headers: CSRF, data: { date: day.iso } });
  expect(approve.ok(), await approve.text()).toBe(true);
  const link = await page.request.post('/api/Offering/report/shareLinks', { headers: CSRF, data: { date: day.iso } });
  expect(link.ok(), await link.text()).toBe(true);
  const { returnObject } = (await link.json()) as { returnObject: { path: string } };
  await openAsStranger(browser, baseURL!, returnObject.path, 'shared-report');
});

/**
 * Issue 7, part 4: a church without an income account is told how to add one with the controls
 * the chart of accounts shows (its Income tab and 'Add a new Account'), not an 'Update Account'
 * control that only shows when an account lacks a head; the dialog opens that tab. A church
 * without income accounts is made by answering the income-account picker with an empty list.
 */
test('the no-income-account dialog names the controls that are on screen', async ({ page }) => {
  const id = runId();
  await page.setViewportSize(DESKTOP);
  await newChurch(page, id);
  await page.route('**/api/Financials/Accounts/GetIncomeAccounts', (route) => route.fulfill({ status: 200, json: [] }));
  await page.goto('/tenant/offeringcategory');
  const dialog = page.getByRole('dialog').filter({ hasText: 'Set up your accounts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('An offering item needs an income account, and your church has none yet.');
  await expect(dialog).toContainText(
    "In Chart of Accounts, open the Income tab and click 'Add a new Account' under an income head.",
  );
  await expect(dialog).not.toContainText('Update Account');
  await shots(page, 'no-income-account-dialog');
  await dialog.getByRole('button', { name: 'Go to Chart Of Accounts' }).click();
  await expect(page).toHaveURL(/\/tenant\/chartofaccount\?tab=income$/);
  const incomeTab = page.getByRole('tab', { name: /^Income \(\d+\)$/ });
  await expect(incomeTab).toHaveAttribute('aria-selected', 'true');
  // the 'Add a new Account' link the dialog names is there, under each income head
  await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Add a new Account' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Update accounts' })).toHaveCount(0);
});
