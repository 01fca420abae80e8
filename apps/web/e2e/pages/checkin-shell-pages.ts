import { expect, type Locator, type Page } from '@playwright/test';
import { DESKTOP, dialog, PHONE, pickOption, snap } from './ui.ts';

/** A security code: 4 characters of the labels' alphabet (no look-alikes). */
export const SECURITY_CODE = /^[ACEFHJKMNPRTUVWXY3479]{4}$/;

/** A 1×1 PNG: a real picture by its first bytes, as the upload checks. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Saves the page at 1366 px and at 390 px wide (E2E_SHOTS, see `snap`), then returns to 1366 px.
 */
export async function snapBoth(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await snap(page, `${name}-1366`);
  await page.setViewportSize(PHONE);
  await snap(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  // the shell's layout follows the width (side menu from 992 px): wait until it has
  if (await page.locator('.cs-shell').count()) await expect(page.locator('.cs-sider')).toBeVisible();
}

/** /childcheckin/:tenantId and /checkinsignup/:tenantId: the parent's sign-in and sign-up. */
export class CheckinAuthPages {
  readonly signInHeading: Locator;
  readonly signUpHeading: Locator;
  readonly identifier: Locator;
  readonly password: Locator;
  readonly confirmPassword: Locator;
  readonly firstName: Locator;
  readonly lastName: Locator;
  readonly signIn: Locator;
  readonly createAccount: Locator;
  readonly problem: Locator;

  constructor(readonly page: Page) {
    this.signInHeading = page.getByRole('heading', { name: 'Sign in', level: 1 });
    this.signUpHeading = page.getByRole('heading', { name: 'Create your family account', level: 1 });
    this.identifier = page.getByRole('textbox', { name: 'E-mail or phone number' });
    this.password = page.getByLabel('Password', { exact: true });
    this.confirmPassword = page.getByLabel('Confirm password', { exact: true });
    this.firstName = page.getByRole('textbox', { name: 'First name' });
    this.lastName = page.getByRole('textbox', { name: 'Last name' });
    this.signIn = page.getByRole('button', { name: /^(loading )?Sign in$/ });
    this.createAccount = page.getByRole('button', { name: /^(loading )?Create account$/ });
    this.problem = page.locator('.ant-alert-error');
  }

  async gotoSignIn(tenantId: string): Promise<void> {
    await this.page.goto(`/childcheckin/${tenantId}`);
    await expect(this.signInHeading).toBeVisible();
  }

  role(name: 'Father' | 'Mother'): Locator {
    return this.page.getByRole('radio', { name, exact: true });
  }

  /** Chooses Father or Mother (the radio input is hidden under its button-like label, which takes the click). */
  async chooseRole(name: 'Father' | 'Mother'): Promise<void> {
    await this.page.locator('label.ant-radio-button-wrapper').filter({ hasText: name }).click();
    await expect(this.role(name)).toBeChecked();
  }

  /** The message under the field labelled `label`. */
  fieldError(text: string): Locator {
    return this.page.locator('.ant-form-item-explain-error').getByText(text, { exact: true });
  }
}

/** The check-in shell (/checkin …): its menu, pages, dialogs. */
export class CheckinShell {
  readonly menu: Locator;
  readonly openMenu: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.menu = page.getByRole('menu', { name: 'Check-in menu' });
    this.openMenu = page.getByRole('button', { name: 'Open menu' });
    this.heading = page.getByRole('heading', { level: 1 });
  }

  /** True when the viewport is narrower than the side menu's breakpoint (992 px): the menu is a drawer. */
  private small(): boolean {
    return (this.page.viewportSize()?.width ?? 1366) < 992;
  }

  /** Opens a menu entry (through the menu toggle on a small screen). */
  async openFromMenu(entry: 'Dashboard' | 'Profile' | 'Family' | 'Guardian' | 'Events'): Promise<void> {
    if (this.small()) await this.openMenu.click();
    await this.menu.getByRole('link', { name: entry, exact: true }).click();
  }

  async logout(): Promise<void> {
    if (this.small()) await this.openMenu.click();
    await this.menu.getByRole('menuitem', { name: /Logout/ }).click();
  }

  /** A count of the dashboard ('attended', 'registered', 'missed'). */
  stat(which: 'attended' | 'registered' | 'missed'): Locator {
    return this.page.getByTestId(`stat-${which}`);
  }

  /** A person's row on the Family or Guardian page. */
  member(name: string): Locator {
    return this.page.getByTestId('family-member').filter({ hasText: name });
  }

  memberDialog(title: string): Locator {
    return dialog(this.page, title);
  }

  /** Fills the add / edit member dialog titled `title` and saves. */
  async fillMember(
    title: string,
    v: { firstName: string; lastName?: string; role?: string; gender?: string; phone?: string; photo?: boolean },
  ): Promise<void> {
    const d = this.memberDialog(title);
    await expect(d).toBeVisible();
    if (v.photo) {
      await d.getByTestId('photo-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: TINY_PNG });
      await expect(d.locator('img.cs-photo')).toBeVisible();
    }
    await d.getByRole('textbox', { name: 'First name' }).fill(v.firstName);
    if (v.lastName !== undefined) await d.getByRole('textbox', { name: 'Last name' }).fill(v.lastName);
    if (v.role) await pickOption(d.getByRole('combobox', { name: 'Role' }), v.role);
    if (v.gender) await pickOption(d.getByRole('combobox', { name: 'Gender' }), v.gender);
    if (v.phone) await d.getByRole('textbox', { name: 'Phone number' }).fill(v.phone);
    await d.getByRole('button', { name: /^(loading )?Save$/ }).click();
    await expect(d).toBeHidden();
  }

  /** An upcoming event's card. */
  event(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  /** On the event page: a child's row, its tick and its room. */
  child(name: string): Locator {
    return this.page.getByTestId('event-child').filter({ hasText: name });
  }

  childTick(name: string): Locator {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  room(name: string): Locator {
    return this.page.getByRole('combobox', { name: `Room for ${name}` });
  }

  confirm(): Locator {
    return this.page.getByRole('button', { name: /^(loading )?Check in \d+ child(ren)?$/ });
  }

  securityCode(): Locator {
    return this.page.getByTestId('security-code');
  }
}
