import { expect, type Locator, type Page } from '@playwright/test';

/** /tenant/offeringreport?report={ISO date}[&activityID={id}] (spec 2.6). */
export class OfferingReportPage {
  readonly heading: Locator;
  readonly eventName: Locator;
  readonly date: Locator;
  readonly total: Locator;
  readonly table: Locator;
  readonly comparisons: Locator;
  readonly monthlyChart: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New Offerings and Report', level: 1 });
    this.eventName = page.getByTestId('report-event');
    this.date = page.getByTestId('report-date');
    this.total = page.getByTestId('report-total');
    this.table = page
      .getByRole('main')
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Offering Item' }) });
    this.comparisons = page.getByRole('region', { name: 'Comparisons' });
    this.monthlyChart = page.getByRole('region', { name: 'OFFERING' });
  }

  async expectShown(): Promise<void> {
    await expect(this.heading).toBeVisible();
    await expect(this.page.getByRole('link', { name: 'Create another report' })).toHaveAttribute(
      'href',
      '/tenant/addoffering',
    );
  }

  /** The months of the OFFERING chart, as its screen-reader table gives them ('Nov 2026'). */
  monthlyMonths(): Locator {
    return this.monthlyChart.getByRole('rowheader');
  }

  /** The OFFERING chart's figure for a month ('Nov 2026'), as its screen-reader table gives it. */
  monthlyValue(month: string): Locator {
    return this.monthlyChart
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: month, exact: true }) })
      .getByRole('cell');
  }

  /** The table row of an offering: item, channel and formatted amount. */
  row(item: string, channel: string, amount: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: item, exact: true }) })
      .filter({ has: this.page.getByRole('cell', { name: channel, exact: true }) })
      .filter({ has: this.page.getByRole('cell', { name: amount, exact: true }) });
  }
}
