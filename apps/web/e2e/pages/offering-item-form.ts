import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption } from './ui.ts';

export interface OfferingItemInput {
  name: string;
  incomeAccount: string;
  cashAccount: string;
}

/**
 * The offering item form (spec 2.5): the page /tenant/offeringcategory or its dialog variant
 * 'Create New Offering Item', scoped to `root`.
 */
export class OfferingItemForm {
  readonly name: Locator;
  readonly incomeAccount: Locator;
  readonly cashAccount: Locator;
  readonly applyRemittance: Locator;
  readonly percentageRemaining: Locator;
  readonly saveButton: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator,
  ) {
    this.name = root.getByLabel('Name', { exact: true });
    this.incomeAccount = root.getByLabel('Income Account', { exact: true });
    this.cashAccount = root.getByLabel('Cash Account', { exact: true });
    this.applyRemittance = root.getByRole('checkbox', { name: 'Apply Split/Remittance' });
    this.percentageRemaining = root.getByTestId('percentage-remaining');
    this.saveButton = root.getByRole('button', { name: 'Save', exact: true });
  }

  /** The page variant, at /tenant/offeringcategory. */
  static page(page: Page): OfferingItemForm {
    return new OfferingItemForm(page, page.getByRole('main'));
  }

  /** The dialog variant, 'Create New Offering Item'. */
  static dialog(page: Page): OfferingItemForm {
    return new OfferingItemForm(page, page.getByRole('dialog', { name: 'Create New Offering Item' }));
  }

  async fill(item: OfferingItemInput): Promise<void> {
    await this.name.fill(item.name);
    await this.chooseAccounts(item);
  }

  async chooseAccounts(item: Pick<OfferingItemInput, 'incomeAccount' | 'cashAccount'>): Promise<void> {
    await pickOption(this.incomeAccount, item.incomeAccount);
    await pickOption(this.cashAccount, item.cashAccount);
  }

  remittanceAccount(n: number): Locator {
    return this.root.getByRole('combobox', { name: `Remittance account ${n}` });
  }

  remittancePercentage(n: number): Locator {
    return this.root.getByRole('textbox', { name: `Percentage ${n}` });
  }

  deleteRemittanceRow(n: number): Locator {
    return this.root.getByRole('button', { name: `Delete row ${n}` });
  }

  async setRemittance(n: number, account: string, percentage: string): Promise<void> {
    await pickOption(this.remittanceAccount(n), account);
    await this.remittancePercentage(n).fill(percentage);
  }

  async save(): Promise<void> {
    await this.saveButton.click();
  }

  async expectRemaining(percent: string): Promise<void> {
    await expect(this.percentageRemaining).toHaveText(`Percentage Remaining: ${percent}%`);
  }
}
