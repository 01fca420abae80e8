import { expect, type Locator, type Page } from '@playwright/test';

/** What a new visitor types on the check-in form. */
export interface NewVisitor {
  name: string;
  email?: string;
  /** 1-31 */
  day?: number;
  /** 'January'... */
  month?: string;
  groups?: string[];
  /** custom field label -> option to pick (dropdowns) */
  choices?: Record<string, string>;
}

/** The texts of the page (spec 2.11, §8). */
export const CHECKIN_TEXTS = {
  title: 'ATTENDANCE & CHECKIN',
  fetching: 'Fetching your details...',
  found: 'Your details were found, please confirm to checkin',
  notFound: 'Details not found, please fill the form and confirm to checkin',
  successTitle: 'Checked-in!',
  success: 'You have been checked-in successfully!',
  alreadyCheckedIn: 'You were already checked in to this event',
  closed:
    'Sorry, this event is closed, if you intend to check yourself in to a future or ongoing event, kindly request for the event checkin link from your church admin.',
} as const;

/**
 * The public self check-in page /checkin/e/{code} (issue 11 'Public self check-in'; spec 2.11):
 * the header, the phone entry whose search starts by itself, the found / not found form, 'Not Me',
 * 'Confirm' and the success popup; or the closed text.
 */
export class PublicCheckinPage {
  readonly phone: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly confirmButton: Locator;
  readonly notMeButton: Locator;
  readonly dialog: Locator;

  constructor(readonly page: Page) {
    this.phone = page.getByLabel('Phone number');
    this.name = page.getByLabel('Name', { exact: true });
    this.email = page.getByLabel('Email', { exact: true });
    this.confirmButton = page.getByRole('button', { name: 'Confirm' });
    this.notMeButton = page.getByRole('button', { name: 'Not Me' });
    this.dialog = page.getByRole('dialog');
  }

  async goto(code: string): Promise<void> {
    await this.page.goto(`/checkin/e/${code}`);
    await expect(this.page.getByRole('heading', { name: CHECKIN_TEXTS.title })).toBeVisible();
  }

  /** The header shows the event's name and day (MM/DD/YYYY). */
  async expectEvent(name: string, day: string): Promise<void> {
    await expect(this.page.getByText(`${name} - ${day}`)).toBeVisible();
  }

  /** Types the number as a visitor does, key by key; the search starts by itself. */
  async enterPhone(phone: string): Promise<void> {
    await this.phone.click();
    await this.phone.pressSequentially(phone, { delay: 20 });
  }

  async expectFound(): Promise<void> {
    await expect(this.page.getByText(CHECKIN_TEXTS.found)).toBeVisible();
  }

  async expectNotFound(): Promise<void> {
    await expect(this.page.getByText(CHECKIN_TEXTS.notFound)).toBeVisible();
  }

  /** Fills the form of a new visitor. */
  async fillNew(v: NewVisitor): Promise<void> {
    await this.name.fill(v.name);
    if (v.email !== undefined) await this.email.fill(v.email);
    if (v.day !== undefined) await this.page.getByLabel('Day', { exact: true }).selectOption(String(v.day));
    if (v.month !== undefined) await this.page.getByLabel('Month', { exact: true }).selectOption({ label: v.month });
    for (const g of v.groups ?? []) await this.addToGroup(g);
    for (const [label, option] of Object.entries(v.choices ?? {}))
      await this.page.getByLabel(label, { exact: true }).selectOption(option);
  }

  /** Ticks `group` under 'Add to group'. */
  async addToGroup(group: string): Promise<void> {
    await this.page.getByRole('group', { name: 'Add to group' }).getByRole('checkbox', { name: group }).check();
  }

  /** 'My groups' (read-only) lists exactly `groups`. */
  async expectMyGroups(groups: string[]): Promise<void> {
    const list = this.page.getByRole('list', { name: 'My groups' });
    await expect(list.getByRole('listitem')).toHaveText(groups);
  }

  /** Confirms and expects the success popup; `already` when the visitor was checked in before. */
  async confirm(already = false): Promise<void> {
    await expect(this.confirmButton).toBeEnabled();
    await this.confirmButton.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByRole('heading', { name: CHECKIN_TEXTS.successTitle })).toBeVisible();
    await expect(this.dialog.getByText(CHECKIN_TEXTS.success)).toBeVisible();
    if (already) await expect(this.dialog.getByText(CHECKIN_TEXTS.alreadyCheckedIn)).toBeVisible();
    else await expect(this.dialog.getByText(CHECKIN_TEXTS.alreadyCheckedIn)).toHaveCount(0);
  }

  /** Closes the popup with its OK button: the page is ready for the next visitor. */
  async closeSuccess(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'OK' }).click();
    await expect(this.dialog).toHaveCount(0);
    await expect(this.phone).toHaveValue('');
    await expect(this.phone).toBeFocused();
  }

  /** The closed state: the closed text, no phone entry. */
  async expectClosed(): Promise<void> {
    await expect(this.page.getByText(CHECKIN_TEXTS.closed)).toBeVisible();
    await expect(this.phone).toHaveCount(0);
  }
}
