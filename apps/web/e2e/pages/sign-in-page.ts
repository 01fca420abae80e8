import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_CHURCH } from '../support/church-api.ts';
import { fieldErrorOf } from './sign-up-page.ts';
import { TenantShell } from './tenant-shell.ts';

/** /signin: e-mail and password. */
export class SignInPage {
  readonly heading: Locator;
  readonly error: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sign in' });
    this.error = page.getByRole('alert').and(page.locator('.auth-alert'));
  }

  async goto(): Promise<void> {
    await this.page.goto('/signin');
    await this.expectShown();
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/signin$/);
    await expect(this.heading).toBeVisible();
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** The error shown under the field labelled `label` (exactly). */
  fieldError(label: string): Locator {
    return fieldErrorOf(this.page, label);
  }
}

/**
 * Signs the browser in as the demo church's administrator (DEMO=auto) through /signin and expects
 * the /tenant shell with the church's name; answers the shell.
 */
export async function signInAsDemoAdmin(page: Page): Promise<TenantShell> {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(DEMO_CHURCH.email, DEMO_CHURCH.password);
  const shell = new TenantShell(page);
  await shell.expectSignedIn(DEMO_CHURCH.churchName);
  return shell;
}
