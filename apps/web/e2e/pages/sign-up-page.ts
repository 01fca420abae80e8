import { expect, type Locator, type Page } from '@playwright/test';
import { pickOption, selectOf } from './ui.ts';

export interface NewChurch {
  churchName: string;
  country: string;
  currency: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}

/** The error shown under the form field labelled `label` (exactly): antd's Form or the plain sign-in form. */
export function fieldErrorOf(page: Page, label: string): Locator {
  // .ant-form-item: antd's Form (sign-up); .auth-field: the plain sign-in form
  return (
    page
      .locator('.ant-form-item, .auth-field')
      .filter({ has: page.getByLabel(label, { exact: true }) })
      // a replaced antd message stays in the DOM while it animates out: only the one arriving or shown counts
      .locator('.ant-form-item-explain-error:not(.ant-form-show-help-item-leave), .auth-field-error')
  );
}

/** /signup: create a church and its administrator (issue 2, step 1). */
export class SignUpPage {
  readonly heading: Locator;
  readonly country: Locator;
  readonly currency: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Create your church account' });
    this.country = page.getByLabel('Country');
    this.currency = page.getByLabel('Currency');
  }

  async goto(): Promise<void> {
    await this.page.goto('/signup');
    await expect(this.heading).toBeVisible();
  }

  /** Fills the form; choosing the country pre-selects its currency, which is checked, then set. */
  async fill(church: NewChurch): Promise<void> {
    await this.page.getByLabel('Church name').fill(church.churchName);
    await pickOption(this.country, church.country, church.country);
    await expect(selectOf(this.currency)).toContainText(church.currency);
    await this.page.getByLabel('First name').fill(church.firstName);
    await this.page.getByLabel('Last name').fill(church.lastName);
    await this.page.getByLabel('E-mail').fill(church.email);
    await this.page.getByLabel('Phone').fill(church.phone);
    await this.page.getByLabel('Password').fill(church.password);
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  /** The error shown under the field labelled `label` (exactly). */
  fieldError(label: string): Locator {
    return fieldErrorOf(this.page, label);
  }
}
