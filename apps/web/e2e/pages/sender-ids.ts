import { expect, type Locator, type Page } from '@playwright/test';
import { dialog } from './ui.ts';

/**
 * The sender ID picker's dialogs (finance spec 2.7): 'Request Sender ID' and 'Sender IDs' (the
 * church's sender IDs, each with Delete), opened from the buttons beside the picker.
 */
export class SenderIdDialogs {
  readonly requestButton: Locator;
  readonly manageButton: Locator;
  readonly requestDialog: Locator;
  readonly manageDialog: Locator;

  constructor(readonly page: Page) {
    this.requestButton = page.getByRole('button', { name: 'Request Sender ID', exact: true });
    this.manageButton = page.getByRole('button', { name: 'Manage sender IDs', exact: true });
    this.requestDialog = dialog(page, 'Request Sender ID');
    this.manageDialog = dialog(page, 'Sender IDs');
  }

  /** Requests `mask` through the modal; the modal closes once the list is reloaded. */
  async request(mask: string): Promise<void> {
    await this.requestButton.click();
    await expect(this.requestDialog).toBeVisible();
    await this.requestDialog.getByPlaceholder('Enter sender id').fill(mask);
    await this.requestDialog.getByRole('button', { name: 'Request', exact: true }).click();
    await expect(this.requestDialog).toBeHidden();
  }

  /** The line of `mask` in the 'Sender IDs' dialog. */
  line(mask: string): Locator {
    return this.manageDialog.getByRole('listitem').filter({ hasText: mask });
  }

  /** The Delete button of `mask` in the 'Sender IDs' dialog. */
  deleteButton(mask: string): Locator {
    return this.manageDialog.getByRole('button', { name: `Delete ${mask}`, exact: true });
  }
}
