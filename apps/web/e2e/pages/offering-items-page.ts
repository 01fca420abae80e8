import { expect, type Locator, type Page } from '@playwright/test';

/** /tenant/contributionCategory: the offering items list (spec 2.4). */
export class OfferingItemsPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Offering Items', level: 1 });
    this.addButton = page.getByRole('button', { name: 'Add Offering Category' }).first();
    this.table = page.getByRole('main').getByRole('table');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/contributionCategory');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/contributionCategory$/);
    await expect(this.heading).toBeVisible();
  }

  emptyText(): Locator {
    return this.page.getByText("You haven't added any offering category yet", { exact: true });
  }

  async expectColumns(): Promise<void> {
    await expect(this.table.getByRole('columnheader')).toContainText([
      'NAME',
      'CASH ACCOUNT',
      'INCOME ACCOUNT',
      'ACTION',
    ]);
  }

  /** The row of the item named `name`. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  /** Expects the item with its CASH ACCOUNT and INCOME ACCOUNT cells. */
  async expectItem(name: string, cashAccount: string, incomeAccount: string): Promise<void> {
    const row = this.row(name);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell')).toContainText([name, cashAccount, incomeAccount]);
  }
}
