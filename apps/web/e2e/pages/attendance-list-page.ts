import { expect, type Locator, type Page } from '@playwright/test';

/** /tenant/attendancecheckin 'Attendance & Check-in' (giving-attendance spec 2.10): the set-ups of a church. */
export class AttendanceListPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly search: Locator;
  /** the bin icon shown once rows are ticked (tooltip 'Delete attendance(s)') */
  readonly deleteSelected: Locator;
  readonly table: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Attendance & Check-in', level: 1 });
    this.addButton = main.getByRole('button', { name: 'Add Attendance' }).first();
    this.search = main.getByRole('searchbox', { name: 'Search by event name' });
    this.deleteSelected = main.getByRole('button', { name: 'Delete attendance(s)' });
    this.table = main.locator('.ant-table');
  }

  async goto(): Promise<void> {
    await this.page.goto('/tenant/attendancecheckin');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/attendancecheckin$/);
    await expect(this.heading).toBeVisible();
  }

  /** The empty list's invitation. */
  emptyText(): Locator {
    return this.page.getByRole('main').getByText("You haven't set up any attendance yet", { exact: true });
  }

  /** The table rows (not the header), in the page's order. */
  rows(): Locator {
    return this.table.locator('tbody tr.ant-table-row');
  }

  /** The row of the set-up `id`. */
  row(id: string): Locator {
    return this.table.locator(`tbody tr[data-row-key="${id}"]`);
  }

  /** The texts of a row's EVENT NAME, DATE and GROUP NAME cells (wide screens). */
  async cells(id: string): Promise<string[]> {
    const cells = this.row(id).locator('td');
    // first cell: the tick box; last: ACTION
    const texts = await cells.allInnerTexts();
    return texts.slice(1, 4).map((t) => t.trim());
  }

  /** Ticks (or unticks) the row of set-up `id`. */
  async tick(id: string): Promise<void> {
    await this.row(id).getByRole('checkbox').click();
  }

  /** Opens the ACTION menu of the row `id` and presses `item` (View Details, Checkin, Edit, Check out everyone, Delete). */
  async rowAction(id: string, item: string): Promise<void> {
    await this.row(id)
      .getByRole('button', { name: /^Actions for / })
      .click();
    await this.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  /** Searches by event name (Enter). */
  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
  }
}
