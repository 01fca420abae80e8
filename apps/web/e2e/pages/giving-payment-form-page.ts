import { expect, type Locator, type Page } from '@playwright/test';
import { OfferingItemForm } from './offering-item-form.ts';
import { dialog, pickOption } from './ui.ts';
import { fieldErrorOf } from './sign-up-page.ts';

/** /tenant/payments and /tenant/payments/{id}: a payment form, create or edit (giving spec 2.2). */
export class PaymentFormPage {
  readonly name: Locator;
  readonly addRowButton: Locator;
  readonly addContributionButton: Locator;
  readonly bank: Locator;
  readonly accountNumber: Locator;
  readonly accountName: Locator;
  readonly active: Locator;
  readonly saveButton: Locator;
  readonly confirmDelete: Locator;
  readonly subaccountQuestion: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.name = main.getByLabel('Name', { exact: true });
    this.addRowButton = main.getByRole('button', { name: 'Add row' });
    this.addContributionButton = main.getByRole('button', { name: 'Add Contribution' });
    this.bank = main.getByRole('combobox', { name: 'Bank' });
    this.accountNumber = main.getByLabel('Account Number', { exact: true });
    this.accountName = main.getByLabel('Account Name', { exact: true });
    this.active = main.getByRole('switch', { name: 'Active' });
    this.saveButton = main.getByRole('button', { name: 'Save and Continue' });
    this.confirmDelete = dialog(page, 'Confirm delete');
    this.subaccountQuestion = dialog(page, 'Use the existing FlutterWave subaccount?');
  }

  async expectCreate(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/payments$/);
    await expect(this.page.getByRole('heading', { name: 'Payment Form', level: 1 })).toBeVisible();
  }

  async expectEdit(id: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`/tenant/payments/${id}$`));
    await expect(this.page.getByRole('heading', { name: 'Edit Payment Form', level: 1 })).toBeVisible();
  }

  /** The item picker of row `n` (1-based). */
  item(n: number): Locator {
    return this.page.getByRole('combobox', { name: `Contribution item ${n}` });
  }

  deleteRow(n: number): Locator {
    return this.page.getByRole('button', { name: `Delete row ${n}` });
  }

  gateway(name: 'Paystack' | 'FlutterWave'): Locator {
    return this.page.getByRole('group', { name: 'Payment gateways' }).getByRole('checkbox', { name });
  }

  /** The error shown under the field labelled `label`. */
  fieldError(label: string): Locator {
    return fieldErrorOf(this.page, label);
  }

  /** Creates an item through 'Add Contribution' (the offering item dialog) and waits for it to close. */
  async addContribution(name: string, incomeAccount: string, cashAccount: string): Promise<void> {
    await this.addContributionButton.click();
    const form = new OfferingItemForm(this.page, this.page.getByRole('dialog', { name: 'Add Contribution' }));
    await expect(form.name).toBeVisible();
    await form.fill({ name, incomeAccount, cashAccount });
    await form.save();
    await expect(form.root).toBeHidden();
  }

  async chooseBank(bank: string): Promise<void> {
    await pickOption(this.bank, bank, bank.split(' ')[0]);
  }

  /** Types the account number and leaves the field, which checks the account name. */
  async enterAccountNumber(number: string): Promise<void> {
    await this.accountNumber.fill(number);
    await this.accountNumber.blur();
  }

  /**
   * Presses 'Save and Continue'. Until the account is resolved it only looks disabled
   * (aria-disabled, spec §5) and still answers a press by saying what is missing, so the press
   * is forced past Playwright's enabled check then.
   */
  async save(): Promise<void> {
    await expect(this.saveButton).toBeVisible();
    const looksDisabled = (await this.saveButton.getAttribute('aria-disabled')) === 'true';
    await this.saveButton.click({ force: looksDisabled });
  }
}
