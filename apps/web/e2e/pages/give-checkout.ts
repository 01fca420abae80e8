import { expect, type Page } from '@playwright/test';

/** The sandbox checkout's buttons (apps/server/src/modules/payments/sandbox/checkout-page.ts). */
export type CheckoutOutcome = 'Succeed' | 'Fail' | 'Abandon';

/**
 * The local payment sandbox's hosted checkout (the provider's page Steward sends the visitor to):
 * the amount and Succeed, Fail, Abandon. Choosing one returns to Steward's thank-you page.
 */
export class SandboxCheckout {
  constructor(readonly page: Page) {}

  /** The checkout shows `amount` ('₦17,500.50') and the provider's name. */
  async expectShown(provider: 'Paystack' | 'Flutterwave', amount: string): Promise<void> {
    await expect(this.page.getByText(new RegExp(`${provider} sandbox`, 'i'))).toBeVisible();
    await expect(this.page.getByText(amount)).toBeVisible();
  }

  /**
   * Presses `outcome` and waits to be back on Steward's thank-you page; answers the provider's
   * query on it (Paystack `trxref`, `reference`; Flutterwave `status`, `tx_ref`, `transaction_id`).
   */
  async choose(outcome: CheckoutOutcome): Promise<URLSearchParams> {
    await this.page.getByRole('button', { name: outcome }).click();
    await this.page.waitForURL(/\/give\/[0-9a-f-]{36}\/thanks\?/);
    return new URL(this.page.url()).searchParams;
  }
}
