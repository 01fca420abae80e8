import { expect, type Locator, type Page } from '@playwright/test';
import { dialog, selectOf } from './ui.ts';

/** /tenant/offering: the offerings list with its period summary (spec 2.1). */
export class OfferingsPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly period: Locator;
  readonly totalIncome: Locator;
  readonly confirmDialog: Locator;
  readonly pagination: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Offerings', level: 1 });
    this.table = page.getByRole('main').getByRole('table');
    this.period = page.getByRole('combobox', { name: 'Period' });
    this.totalIncome = page.getByTestId('total-income');
    this.confirmDialog = dialog(page, 'Confirm delete');
    this.pagination = page
      .getByRole('main')
      .getByRole('list')
      .filter({ hasText: /^Total \d+ items/ });
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/offering');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/offering$/);
    await expect(this.heading).toBeVisible();
  }

  async expectPeriod(label: string): Promise<void> {
    await expect(selectOf(this.period)).toHaveText(label);
  }

  columnHeaders(): Locator {
    return this.table.getByRole('columnheader');
  }

  /** Data rows (the header row has no cells). */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell') });
  }

  /** The row showing `amount` (formatted, e.g. '₦8,000.00'). */
  rowWithAmount(amount: string): Locator {
    return this.rows().filter({ has: this.page.getByRole('cell', { name: amount, exact: true }) });
  }

  /** The pagination's 'Total N items'. */
  totalCount(): Locator {
    return this.page.getByRole('main').getByText(/^Total \d+ items$/);
  }

  /** Opens the ACTION menu of `row` and chooses `action` (View Report, Edit, Delete). */
  async rowAction(row: Locator, action: 'View Report' | 'Edit' | 'Delete'): Promise<void> {
    await row.getByRole('button', { name: /^Actions for / }).click();
    const item = this.page.getByRole('menuitem', { name: action, exact: true });
    // Pointed at first, as in pickOption: the freshly opened menu must know the pointer is in it.
    await item.hover();
    await expect(item).toHaveClass(/\bant-dropdown-menu-item-active\b/);
    await item.click();
  }
}
