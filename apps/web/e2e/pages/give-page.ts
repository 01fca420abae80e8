import { expect, type Locator, type Page } from '@playwright/test';

/** A payment provider as the giving page names it. */
export type GatewayLabel = 'Paystack' | 'Flutterwave';

/** What a visitor types on the giving page. */
export interface GiftDetails {
  name?: string;
  email?: string;
  phone?: string;
  anonymous?: boolean;
}

/**
 * /give/{paymentFormId} (issue 10 'Public pages'): the form's items with an amount each, the
 * visitor's details, 'Continue payment with' and the Give button.
 */
export class GivePage {
  readonly giveButton: Locator;
  readonly total: Locator;

  constructor(readonly page: Page) {
    this.giveButton = page.getByRole('button', { name: /^Give\b/ });
    this.total = page.getByTestId('give-total');
  }

  async goto(formId: string): Promise<void> {
    await this.page.goto(`/give/${formId}`);
    await this.expectShown();
  }

  /** The form has loaded: the heading names the church, the Give button is there. */
  async expectShown(churchName = 'Grace Chapel, Lagos'): Promise<void> {
    await expect(this.page).toHaveURL(/\/give\/[0-9a-f-]{36}$/);
    await expect(this.page.getByText(`Give to ${churchName} in NGN`)).toBeVisible();
    await expect(this.giveButton).toBeEnabled();
  }

  /** The amount input of the item named `item`. */
  amount(item: string): Locator {
    return this.page.getByLabel(item, { exact: true });
  }

  async fillAmounts(amounts: Record<string, string>): Promise<void> {
    for (const [item, value] of Object.entries(amounts)) await this.amount(item).fill(value);
  }

  async fillDetails(d: GiftDetails): Promise<void> {
    if (d.anonymous) await this.page.getByLabel('Give anonymously').check();
    if (d.name !== undefined) await this.page.getByLabel('Full Name').fill(d.name);
    if (d.email !== undefined) await this.page.getByLabel(/^Email address/).fill(d.email);
    if (d.phone !== undefined) await this.page.getByLabel('Phone Number (optional)').fill(d.phone);
  }

  /** The provider's logo under 'Continue payment with'. */
  gateway(label: GatewayLabel): Locator {
    return this.page.getByRole('radio', { name: label });
  }

  async choose(label: GatewayLabel): Promise<void> {
    await this.page.locator('.gv-provider').filter({ hasText: label }).click();
    await expect(this.gateway(label)).toBeChecked();
  }

  /** Presses Give and waits for the provider's hosted checkout (the local sandbox's page). */
  async give(): Promise<void> {
    await this.giveButton.click();
    await this.page.waitForURL(/\/checkout\//);
  }

  /**
   * Fills a gift (the items' amounts and, when given, the visitor's details), chooses `provider`
   * and presses Give: the provider's hosted checkout is open afterwards. Answers the checkout's
   * origin (the local sandbox's address, for its webhook log).
   */
  async startGift(gift: { amounts: Record<string, string>; details?: GiftDetails; provider: GatewayLabel }) {
    await this.fillAmounts(gift.amounts);
    if (gift.details) await this.fillDetails(gift.details);
    await this.choose(gift.provider);
    await this.give();
    return new URL(this.page.url()).origin;
  }

  /** The giving page is shown with the giver signed in as `name`. */
  async expectSignedInAs(name: string): Promise<void> {
    await this.expectShown();
    await expect(this.signedInAs(name)).toBeVisible();
  }

  /** The signed-in giver's box under 'Your details'. */
  signedInAs(name: string): Locator {
    return this.page.locator('.gv-giver').filter({ hasText: `Signed in as ${name}` });
  }
}
