import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The public event registration page /event/{checkinId} (issue 12; spec 2.12-2.14) as a visitor
 * on a phone uses it: the phone lookup on blur, the form, the wards, the buttons, the dialogs.
 */
export class EventRegistrationPage {
  readonly phone: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly address: Locator;
  readonly confirmButton: Locator;
  readonly payButton: Locator;
  readonly notMeButton: Locator;
  readonly familyBox: Locator;

  constructor(readonly page: Page) {
    this.phone = page.getByLabel('Phone Number');
    this.name = page.getByLabel('Name', { exact: true });
    this.email = page.getByLabel(/^Email/);
    this.address = page.getByLabel('Address');
    this.confirmButton = page.getByRole('button', { name: 'Confirm to register' });
    this.payButton = page.getByRole('button', { name: 'Make payment to register' });
    this.notMeButton = page.getByRole('button', { name: 'Not Me' });
    this.familyBox = page.getByLabel('Do you want to register your family for this event?');
  }

  /** Opens the page of `checkinId` with the query flags `query` ('Address=true&...'). */
  async goto(checkinId: string, query = ''): Promise<void> {
    await this.page.goto(`/event/${encodeURIComponent(checkinId)}${query ? `?${query}` : ''}`);
  }

  async expectEvent(name: string, day: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText(name);
    await expect(this.page.getByText(day, { exact: true })).toBeVisible();
    await expect(this.page.getByText('Powered by')).toContainText('Steward');
  }

  /** Types the number and leaves the field (the lookup runs on blur). */
  async enterPhone(phone: string): Promise<void> {
    await this.phone.fill(phone);
    await this.phone.blur();
  }

  async expectFound(): Promise<void> {
    await expect(this.page.getByText('Your details were found, please confirm to register.')).toBeVisible();
  }

  async expectNotFound(): Promise<void> {
    await expect(this.page.getByText('Please fill the form and confirm the registration')).toBeVisible();
  }

  /** Picks `option` in the native select labelled `label`. */
  async choose(label: string | RegExp, option: string): Promise<void> {
    await this.page.getByLabel(label).selectOption({ label: option });
  }

  /** Adds a ward through the 'Add New Ward' modal and waits for 'Ward Created Sucessfully'. */
  async addWard(name: string, role: string, phone = ''): Promise<void> {
    await this.page.getByRole('button', { name: '+ Add New Ward' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add New Ward' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(/^Name/).fill(name);
    if (phone) await dialog.getByLabel('Phone number (optional)').fill(phone);
    await dialog.getByLabel('Relationship').selectOption({ label: role });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(this.page.getByText('Ward Created Sucessfully')).toBeVisible();
  }

  /** The ward rows: name, relationship, ticked. */
  async wardRows(): Promise<{ name: string; role: string; ticked: boolean }[]> {
    const rows = this.page.locator('.er-table tbody tr').filter({ has: this.page.locator('input[type=checkbox]') });
    const out = [];
    for (const row of await rows.all()) {
      const cells = row.locator('td');
      out.push({
        name: (await cells.nth(1).innerText()).trim(),
        role: (await cells.nth(2).innerText()).trim(),
        ticked: await row.locator('input[type=checkbox]').isChecked(),
      });
    }
    return out;
  }

  async tickWard(name: string): Promise<void> {
    await this.page.getByLabel(`Register ${name}`).check();
  }

  /** 'Confirm to register', then the success popup, closed with OK. */
  async confirmAndClose(): Promise<void> {
    await this.confirmButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Registration Successful!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('You have registered for this event successfully!');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toHaveCount(0);
  }

  async expectClosed(): Promise<void> {
    await expect(this.page.getByText('Registration for this event has closed.')).toBeVisible();
    await expect(this.phone).toHaveCount(0);
    await expect(this.confirmButton).toHaveCount(0);
    await expect(this.payButton).toHaveCount(0);
    await expect(this.page.getByRole('heading', { name: 'Add to Calendar' })).toHaveCount(0);
  }
}
