import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The Event Registration page (/tenant/eventregistration, issue 12 'Admin'): the church's set-ups
 * that take registration, one row each with its places, fee, cut-off, status and links.
 */
export class EventRegistrationAdminPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/tenant/eventregistration');
    await expect(this.page.getByRole('heading', { name: 'Event Registration', level: 1 })).toBeVisible();
  }

  /** The row of the event named `eventName`. */
  row(eventName: string): Locator {
    return this.page
      .locator('.ant-table tr[data-row-key]')
      .filter({ has: this.page.getByRole('link', { name: eventName, exact: true }) });
  }

  /** Searches by event name (the server's search, on Enter). */
  async search(text: string): Promise<void> {
    const box = this.page.getByPlaceholder('Search by event name');
    await box.fill(text);
    await box.press('Enter');
  }

  /** Opens the report of the event's set-up through the row's 'Report' link. */
  async openReport(eventName: string): Promise<void> {
    await this.row(eventName)
      .getByRole('button', { name: /^Report of / })
      .click();
    await this.page.waitForURL(/\/tenant\/attendancecheckin\/report\//);
  }
}

/**
 * The registration part of the attendance report (/tenant/attendancecheckin/report/:id): a
 * person's row, their registration tag and 'Ward of …' line, and 'Export Registrations'.
 */
export class RegistrationReport {
  constructor(readonly page: Page) {}

  /** The People table's row of `name`. */
  row(name: string): Locator {
    return this.page.locator('.ant-table tr[data-row-key]').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The REGISTERED tag of `name` ('Paid ₦2,500.00', 'Unpaid ₦2,500.00', 'Registered', …). */
  registration(name: string): Locator {
    return this.row(name).locator('[data-registration]');
  }

  /** Clicks 'Export Registrations' and answers the downloaded file's name and path. */
  async export(): Promise<{ name: string; path: string }> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: 'Export Registrations' }).click();
    const file = await download;
    return { name: file.suggestedFilename(), path: (await file.path())! };
  }
}
