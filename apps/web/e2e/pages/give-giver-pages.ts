import { expect, type Locator, type Page } from '@playwright/test';

/** A giver's account details. */
export interface GiverAccount {
  name: string;
  phone: string;
  email: string;
  password: string;
}

/** /signuppayment/{formId}: Full Name, Phone Number, Email address, Password, 'Sign up'. */
export class GiverSignUpPage {
  constructor(readonly page: Page) {}

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/signuppayment\/[0-9a-f-]{36}$/);
    await expect(this.page.getByRole('heading', { name: 'Create your giver account' })).toBeVisible();
  }

  async signUp(a: GiverAccount): Promise<void> {
    await this.page.getByLabel('Full Name').fill(a.name);
    await this.page.getByLabel('Phone Number').fill(a.phone);
    await this.page.getByLabel('Email address').fill(a.email);
    await this.page.getByLabel('Password', { exact: true }).fill(a.password);
    await this.page.getByRole('button', { name: 'Sign up' }).click();
  }
}

/** /signinpayment/{formId} ('Sign in to payment'): Email, Password, 'Keep me signed in', 'Sign in'. */
export class GiverSignInPage {
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.alert = page.getByRole('alert');
  }

  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/signinpayment\/[0-9a-f-]{36}$/);
    await expect(this.page.getByRole('heading', { name: 'Sign in to payment' })).toBeVisible();
  }

  async signIn(email: string, password: string, keep = true): Promise<void> {
    await this.page.getByLabel('Email', { exact: true }).fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    const box = this.page.getByLabel('Keep me signed in');
    if (keep) await box.check();
    else await box.uncheck();
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}

/** /transactionpage/{formId} ('Your Transactions'): the giver's gifts, one row per item. */
export class GiverTransactionsPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.getByRole('list', { name: 'Your transactions' }).getByRole('listitem');
  }

  async expectShown(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Your Transactions' })).toBeVisible();
    await expect(this.page.getByText('Sort by Newest')).toBeVisible();
  }

  /** The row of item `memo` with `amount`, today's date (MM/DD/YYYY) and the provider's logo. */
  row(memo: string): Locator {
    return this.rows.filter({ hasText: memo });
  }

  async search(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(text);
  }

  /** Opens 'Your Transactions' from the giving page's link. */
  async open(): Promise<void> {
    await this.page.getByRole('link', { name: 'Your Transactions' }).click();
    await this.expectShown();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: 'Sign out' }).click();
  }
}
