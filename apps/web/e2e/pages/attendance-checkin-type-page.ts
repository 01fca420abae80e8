import { expect, type Locator, type Page } from '@playwright/test';

/** /tenant/attendancecheckin/type?… (route CheckinType): a set-up's links and QR codes. */
export class AttendanceCheckinTypePage {
  readonly heading: Locator;
  readonly eventName: Locator;
  readonly checkinLink: Locator;
  readonly registrationLink: Locator;
  readonly copyCheckin: Locator;
  readonly copyRegistration: Locator;
  readonly checkinQr: Locator;
  readonly registrationQr: Locator;
  readonly markButton: Locator;
  readonly editButton: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { name: 'Check-in and Registration', level: 1 });
    this.eventName = main.getByTestId('event-name');
    this.checkinLink = main.getByRole('textbox', { name: 'Check-in link' });
    this.registrationLink = main.getByRole('textbox', { name: 'Registration link' });
    this.copyCheckin = main.getByRole('button', { name: 'Copy check-in link' });
    this.copyRegistration = main.getByRole('button', { name: 'Copy registration link' });
    this.checkinQr = main.getByRole('img', { name: 'QR code of the check-in link' });
    this.registrationQr = main.getByRole('img', { name: 'QR code of the registration link' });
    this.markButton = main.getByRole('button', { name: 'Mark Attendance' });
    this.editButton = main.getByRole('button', { name: 'Edit' });
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/attendancecheckin\/type\?/);
    await expect(this.heading).toBeVisible();
  }

  /** The page's query (activityID, activityName, groupId, groupName, id, code). */
  query(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  /** A field of the event's summary ('Date', 'Groups', 'Check-in closes', 'Registration closes'). */
  summary(label: string): Locator {
    return this.page
      .getByRole('region', { name: 'Event' })
      .locator('.checkin-type-fact')
      .filter({ has: this.page.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition');
  }
}
