import { expect, type Locator, type Page } from '@playwright/test';
import { dialog, pickOption } from './ui.ts';

/** /tenant/chartofaccount: the five tabs, the heads with their accounts, and the two modals (spec 2.10). */
export class ChartOfAccountsPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly fundDialog: Locator;
  readonly accountDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Chart of Accounts', level: 1 });
    this.addButton = page.getByRole('button', { name: 'Add a New Account of Fund' });
    this.fundDialog = dialog(page, 'Add Fund');
    this.accountDialog = dialog(page, 'Add an account');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/chartofaccount');
    await expect(this.heading).toBeVisible();
  }

  /** The tab named `label` with its count, e.g. 'Assets (3)'. */
  tab(label: string, count: number): Locator {
    return this.page.getByRole('tab', { name: `${label} (${count})`, exact: true });
  }

  async openTab(label: string, count: number): Promise<void> {
    const tab = this.tab(label, count);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  }

  /** An account head of the shown tab (a region named after the head). */
  head(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** The account `name` in the list of `head`. */
  account(head: string, name: string): Locator {
    return this.head(head)
      .getByRole('listitem')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  fundSave(): Locator {
    return this.fundDialog.getByRole('button', { name: 'Save' });
  }

  async fillFund(type: string, name: string): Promise<void> {
    await pickOption(this.fundDialog.getByRole('combobox', { name: 'Fund type' }), type);
    await this.fundDialog.getByRole('textbox', { name: 'Fund name' }).fill(name);
  }

  accountField(label: 'Account Type' | 'Account Currency'): Locator {
    // antd's required mark ('*', CSS content) is part of the accessible name of required fields.
    return this.accountDialog.getByRole('combobox', { name: new RegExp(`^(\\* )?${label}$`) });
  }

  accountName(): Locator {
    return this.accountDialog.getByRole('textbox', { name: /^(\* )?Account Name$/ });
  }

  async saveAccount(): Promise<void> {
    await this.accountDialog.getByRole('button', { name: 'Save' }).click();
  }
}
