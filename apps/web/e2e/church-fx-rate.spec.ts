import { expect, test } from '@playwright/test';
import { AddOfferingPage } from './pages/add-offering-page.ts';
import { accountIdByText, signUpChurch } from './pages/church-setup.ts';
import { ChurchFxRateDialog, currencyPopup } from './pages/church-fx-rate-dialog.ts';
import { OfferingsPage } from './pages/offerings-page.ts';
import { expectToast, selectOf, snap, today } from './pages/ui.ts';

const CSRF = { 'x-steward-csrf': '1' };
const NO_RATE_LEAD = 'Only currencies with a stored exchange rate can be chosen.';

/**
 * Issue 7, part 4: the currency picker offers only currencies with a stored rate, and lets the
 * church's administrator enter a rate for another. A new church (NGN) records an offering in Swiss
 * francs, which have no global rate: it enters 1 USD = 0.8 CHF from the picker's guidance with the
 * mouse, then 1 USD = 1.5 AUD with the keyboard alone, sees both currencies offered at once and the
 * offering converted (100 CHF = 125 USD, 150 AUD = 100 USD, at the stored ₦1,465.50 per USD), saves
 * it, and finds the converted total in the offerings summary and the rates still there after a reload.
 */
test('an administrator enters a rate for a currency without one and records an offering in it', async ({ page }) => {
  test.setTimeout(180_000);
  const day = today();
  const { shell } = await signUpChurch(page, {
    churchName: 'Zion Fellowship',
    firstName: 'Tolu',
    lastName: 'Bakare',
    emailPrefix: 'admin',
    emailDomain: 'zion.example',
    phone: '+2348031230000',
  });
  const usdngn = ((await (await page.request.get('/fxRates')).json()) as Record<string, number>).usdngn;
  expect(usdngn, 'the stored NGN rate these amounts are written for').toBe(1465.5);
  const item = await page.request.post('/api/financials/contributions/items/save', {
    headers: CSRF,
    data: {
      name: 'Mission Offering',
      incomeAccountId: await accountIdByText(page, '/api/Financials/Accounts/GetIncomeAccounts', '4000 - Offering'),
      cashAccountId: await accountIdByText(page, '/api/financials/accounts/getcashbankaccounts', '1000 - Cash'),
      incomeRemittance: [],
    },
  });
  expect(item.ok(), await item.text()).toBe(true);

  await shell.openFromMenu('Offerings', 'Add Offering');
  const add = new AddOfferingPage(page);
  await add.expectShown('Add Offering');
  await add.fillRow(1, { item: 'Mission Offering', channel: 'Cash', amount: '100' });

  // 1. CHF has no rate: the picker says so and offers 'Enter a rate for CHF'.
  const currency1 = page.getByRole('combobox', { name: 'Currency 1' });
  await currency1.click();
  await currency1.fill('CHF');
  const popup1 = await currencyPopup(currency1);
  await expect(popup1.locator('.ant-select-item-option')).toHaveCount(0);
  await expect(popup1.getByText(NO_RATE_LEAD)).toBeVisible();
  await snap(page, 'fx-no-rate-guidance');
  await popup1.getByRole('button', { name: 'Enter a rate for CHF' }).click();

  const rateDialog = new ChurchFxRateDialog(page);
  await rateDialog.expectOpenOn('CHF - Swiss Franc');
  await expect(rateDialog.date).toHaveValue(day.us);

  // 2. A rate of 0 is refused under its field and saves nothing.
  await rateDialog.rate.fill('0');
  await rateDialog.saveButton.click();
  await expect(rateDialog.rateError()).toHaveText('must be more than 0');
  await expect(rateDialog.root).toBeVisible();

  // 3. 1 USD = 0.8 CHF: one franc is worth ₦1,831.875; saved, the row takes CHF at once.
  await rateDialog.rate.fill('0.8');
  await expect(rateDialog.equivalent('So 1 CHF = 1,831.875 NGN at the stored NGN rate.')).toBeVisible();
  await snap(page, 'fx-rate-dialog');
  await rateDialog.saveButton.click();
  await expectToast(page, 'Exchange rate saved');
  await expect(rateDialog.root).toBeHidden();
  await expect(selectOf(currency1)).toHaveText('CHF');
  await expect(add.rowTotal(1)).toContainText('100.00');
  await expect(add.grandTotal).toHaveText('₦183,187.50');

  // CHF is now offered by every currency picker.
  expect(await add.addRow()).toBe(2);
  const currency2 = page.getByRole('combobox', { name: 'Currency 2' });
  await currency2.click();
  await currency2.fill('CHF');
  const popup2 = await currencyPopup(currency2);
  await expect(popup2.locator('.ant-select-item-option[title="CHF"]')).toBeVisible();

  // 4. The keyboard alone: type AUD, Enter opens the dialog on it, type the rate, Enter saves.
  await currency2.fill('AUD');
  await expect(popup2.getByRole('button', { name: 'Enter a rate for AUD' })).toBeVisible();
  await currency2.press('Enter');
  await rateDialog.expectOpenOn('AUD - Australian Dollar');
  await expect(rateDialog.rate).toBeFocused();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Enter');
  await expectToast(page, 'Exchange rate saved');
  await expect(rateDialog.root).toBeHidden();
  await expect(selectOf(currency2)).toHaveText('AUD');
  await add.fillRow(2, { item: 'Mission Offering', channel: 'POS', amount: '150' });
  // 150 AUD = 100 USD = ₦146,550.00
  await expect(add.grandTotal).toHaveText('₦329,737.50');

  // 5. Saved; the summary converts with the church's rates too.
  await add.save();
  await expectToast(page, 'Offering Saved');
  const offerings = new OfferingsPage(page);
  await shell.openFromMenu('Offerings', 'Offerings');
  await offerings.expectShown();
  await expect(offerings.totalIncome).toHaveText('₦329,737.50');

  // 6. After a reload the rates are still the church's: CHF is offered on a new offering.
  await page.reload();
  await expect(offerings.totalIncome).toHaveText('₦329,737.50');
  await shell.openFromMenu('Offerings', 'Add Offering');
  await add.expectShown('Add Offering');
  await currency1.click();
  await currency1.fill('CHF');
  await expect((await currencyPopup(currency1)).locator('.ant-select-item-option[title="CHF"]')).toBeVisible();
});
