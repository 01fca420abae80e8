import { expect, type Locator, type Page } from '@playwright/test';

/**
 * /give/{id}/thanks (the provider's return): 'Confirming your gift…', then the receipt of a
 * received gift (amount, items, reference, date), or the cancelled / failed message.
 */
export class GiveThanksPage {
  readonly amount: Locator;
  readonly reference: Locator;

  constructor(readonly page: Page) {
    this.amount = page.getByTestId('thanks-amount');
    this.reference = page.getByTestId('thanks-reference');
  }

  /** The gift was received: 'Thank you!', the total, each item with its amount, a reference, the provider. */
  async expectReceived(
    total: string,
    items: Record<string, string>,
    provider: 'Paystack' | 'Flutterwave',
  ): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Thank you!' })).toBeVisible({ timeout: 30_000 });
    await expect(this.page.getByText('Your gift was received')).toBeVisible();
    await expect(this.amount).toHaveText(total);
    const list = this.page.getByRole('list', { name: 'Items' });
    await expect(list.getByRole('listitem')).toHaveCount(Object.keys(items).length);
    for (const [name, amount] of Object.entries(items))
      await expect(list.getByRole('listitem').filter({ hasText: name })).toContainText(amount);
    await expect(this.reference).toHaveText(/^STW-[0-9A-F]{24}$/);
    await expect(this.page.locator('.gv-receipt-facts')).toContainText(provider);
  }

  /** Steward's reference of the received gift. */
  async referenceText(): Promise<string> {
    return (await this.reference.textContent())!.trim();
  }

  async expectCancelled(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'You have cancelled the transaction' })).toBeVisible({
      timeout: 30_000,
    });
  }

  /** 'Try again': back to the giving page. */
  async tryAgain(): Promise<void> {
    await this.page.getByRole('link', { name: 'Try again' }).click();
  }
}
