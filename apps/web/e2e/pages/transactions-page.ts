import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { dialog, pickOption } from './ui.ts';

/** The edit side panel of the Transaction page (Add Income, Add Expense, General Ledger, edit). */
export class TransactionPanel {
  readonly root: Locator;
  readonly save: Locator;

  constructor(
    readonly page: Page,
    title: string,
  ) {
    this.root = page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });
    this.save = this.root.getByRole('button', { name: 'Save', exact: true });
  }

  amount(): Locator {
    return this.root.getByRole('textbox', { name: 'Amount', exact: true });
  }

  memo(): Locator {
    return this.root.getByRole('textbox', { name: 'Memo', exact: true });
  }

  async account(option: string): Promise<void> {
    await pickOption(this.root.getByRole('combobox', { name: 'Account', exact: true }), option);
  }

  splitAccount(n: number): Locator {
    return this.root.getByRole('combobox', { name: `Split account ${n}`, exact: true });
  }

  splitAmount(n: number): Locator {
    return this.root.getByRole('textbox', { name: `Split amount ${n}`, exact: true });
  }

  donor(n: number): Locator {
    return this.root.getByRole('combobox', { name: `Donor ${n}`, exact: true });
  }

  async addLine(): Promise<void> {
    await this.root.getByRole('button', { name: 'Add line', exact: true }).click();
  }

  /** Sets split line `n`: account (its option label, e.g. '4000 - Offering') and, if given, amount. */
  async line(n: number, account: string, amount?: string): Promise<void> {
    await pickOption(this.splitAccount(n), account, account.replace(/^\d+ - /, ''));
    if (amount !== undefined) await this.splitAmount(n).fill(amount);
  }

  /** Picks the donor `name` on line `n`, searched with `search` (3+ characters). */
  async pickDonor(n: number, name: string, search: string): Promise<void> {
    await pickOption(this.donor(n), name, search);
  }

  journalAccount(side: 'Debit' | 'Credit', n: number): Locator {
    return this.root.getByRole('combobox', { name: `${side} account ${n}`, exact: true });
  }

  journalAmount(side: 'Debit' | 'Credit', n: number): Locator {
    return this.root.getByRole('textbox', { name: `${side} amount ${n}`, exact: true });
  }
}

/** /tenant/transactions: header actions, account selector, finance table, export (spec 2.8). */
export class TransactionsPage {
  readonly heading: Locator;
  readonly accountSelector: Locator;
  readonly totalBalance: Locator;
  readonly table: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Transactions', level: 1 });
    this.accountSelector = page.getByRole('main').getByRole('combobox', { name: 'Account', exact: true });
    this.totalBalance = page.getByTestId('total-balance');
    this.table = page.getByRole('main').getByRole('table');
    this.confirmDialog = dialog(page, 'Confirm delete');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/transactions');
    await expect(this.heading).toBeVisible();
  }

  async addIncome(): Promise<TransactionPanel> {
    await this.page.getByRole('button', { name: 'Add Income' }).click();
    return this.panel('Add Income');
  }

  async addExpense(): Promise<TransactionPanel> {
    await this.page.getByRole('button', { name: 'Add Expense' }).click();
    return this.panel('Add Expense');
  }

  async addJournal(): Promise<TransactionPanel> {
    await this.page.getByRole('button', { name: 'More' }).click();
    await this.page.getByRole('menuitem', { name: 'General Ledger' }).click();
    return this.panel('General Ledger');
  }

  async panel(title: string): Promise<TransactionPanel> {
    const panel = new TransactionPanel(this.page, title);
    await expect(panel.root).toBeVisible();
    return panel;
  }

  /** Data rows of the table. */
  rows(): Locator {
    return this.table.locator('tbody tr[data-row-key]');
  }

  /** The row of `description` dated `usDate` (rows are named 'Open {description} of {date}'). */
  row(description: string, usDate: string): Locator {
    return this.table.getByRole('row', { name: `Open ${description} of ${usDate}`, exact: true });
  }

  amountOf(row: Locator): Locator {
    return row.locator('[data-tone]');
  }

  async rowAction(row: Locator, action: 'Edit' | 'Delete'): Promise<void> {
    await row.getByRole('button', { name: /^Actions for / }).click();
    const item = this.page.getByRole('menuitem', { name: action, exact: true });
    await item.click();
  }

  /** Chooses `format` in the export menu and returns the download it starts. */
  async export(format: 'xlsx' | 'csv' | 'txt'): Promise<Download> {
    await this.page.getByRole('button', { name: 'Export' }).click();
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('menuitem', { name: format, exact: true }).click();
    return download;
  }
}
