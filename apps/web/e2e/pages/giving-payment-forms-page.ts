import { expect, type Locator, type Page } from '@playwright/test';
import { dialog } from './ui.ts';

/** /tenant/paymentforms: the Payment Forms list (giving spec 2.1). */
export class PaymentFormsListPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly search: Locator;
  readonly table: Locator;
  readonly confirmDialog: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Payment Forms', level: 1 });
    this.addButton = page.getByRole('main').getByRole('button', { name: 'Add Payment Form' }).first();
    this.search = page.getByPlaceholder('Search payment forms');
    this.table = page.getByRole('main').getByRole('table');
    this.confirmDialog = dialog(page, 'Confirm delete');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/paymentforms');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/paymentforms$/);
    await expect(this.heading).toBeVisible();
  }

  emptyText(): Locator {
    return this.page.getByText("You haven't added any payment forms yet", { exact: true });
  }

  /** Data rows (the header row has no cells). */
  rows(): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell') });
  }

  /** The row of the form named `name`. */
  row(name: string): Locator {
    return this.rows().filter({ hasText: name });
  }

  /** Searches on the server: types `text` and presses Enter. */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
  }

  /** Opens the ACTION menu of the form `name` and chooses `action`. */
  async rowAction(name: string, action: 'View Details' | 'Edit' | 'Delete'): Promise<void> {
    await this.row(name)
      .getByRole('button', { name: `Actions for ${name}` })
      .click();
    const item = this.page.getByRole('menuitem', { name: action, exact: true });
    // pointed at first: the freshly opened menu must know the pointer is in it (as offerings-page.ts)
    await item.hover();
    await expect(item).toHaveClass(/\bant-dropdown-menu-item-active\b/);
    await item.click();
  }
}
