import { expect, type Locator, type Page } from '@playwright/test';
import { dialog, selectOf } from './ui.ts';

/**
 * The 'Enter an exchange rate' dialog (issue 7, part 4), opened from a currency picker's no-rate
 * guidance: Currency, the rate as '1 USD = [ ] {currency}', Date, Cancel and Save.
 */
export class ChurchFxRateDialog {
  readonly root: Locator;
  readonly currency: Locator;
  readonly rate: Locator;
  readonly date: Locator;
  readonly saveButton: Locator;

  constructor(readonly page: Page) {
    this.root = dialog(page, 'Enter an exchange rate');
    this.currency = this.root.getByRole('combobox', { name: 'Currency' });
    this.rate = this.root.getByRole('textbox', { name: 'Exchange rate' });
    this.date = this.root.getByRole('textbox', { name: 'Date' });
    this.saveButton = this.root.getByRole('button', { name: 'Save', exact: true });
  }

  /** Expects the dialog open on `currency` (its option label, 'CHF - Swiss Franc'). */
  async expectOpenOn(currency: string): Promise<void> {
    await expect(this.root).toBeVisible();
    await expect(selectOf(this.currency)).toHaveText(currency);
  }

  /** The text under the rate: what one unit is worth in the church currency. */
  equivalent(text: string): Locator {
    return this.root.getByText(text, { exact: true });
  }

  /** The error shown under the rate field. */
  rateError(): Locator {
    const input = this.page.getByRole('textbox', { name: 'Exchange rate' });
    return this.root.locator('.ant-form-item').filter({ has: input }).locator('.ant-form-item-explain-error');
  }
}

/**
 * A currency picker's option list and its no-rate guidance, found through the combobox's
 * `aria-controls` (so a list still closing elsewhere never matches).
 */
export async function currencyPopup(combobox: Locator): Promise<Locator> {
  const page = combobox.page();
  const listId = await combobox.getAttribute('aria-controls');
  expect(listId, 'the currency picker names its option list').toBeTruthy();
  return page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
}
