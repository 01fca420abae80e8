import { expect, type Locator, type Page } from '@playwright/test';

/** /tenant/paymentoptions/{id}: a payment form's sharing options (giving spec 2.3). */
export class PaymentOptionsPage {
  readonly heading: Locator;
  readonly formName: Locator;
  readonly items: Locator;
  readonly editButton: Locator;
  readonly linkOption: Locator;
  readonly iframeOption: Locator;
  readonly pluginOption: Locator;
  readonly linkPanel: Locator;
  readonly iframePanel: Locator;
  readonly link: Locator;
  readonly copyLink: Locator;
  readonly iframeCode: Locator;
  readonly copyIframe: Locator;
  readonly qrCode: Locator;
  readonly download: Locator;
  readonly print: Locator;

  constructor(readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = page.getByRole('heading', { name: 'Payment Options', level: 1 });
    this.formName = main.getByTestId('form-name');
    this.items = main.getByRole('list', { name: 'Contribution items' }).getByRole('listitem');
    this.editButton = main.getByRole('button', { name: 'Edit Payment Details' });
    this.linkOption = main.getByRole('button', { name: /^Web Payment Link/ });
    this.iframeOption = main.getByRole('button', { name: /^iFrame/ });
    this.pluginOption = main.getByRole('button', { name: /^Plugin/ });
    this.linkPanel = main.getByRole('region', { name: 'Web Payment Link' });
    this.iframePanel = main.getByRole('region', { name: 'iFrame' });
    this.link = main.getByRole('textbox', { name: 'Payment link' });
    this.copyLink = main.getByRole('button', { name: 'Copy payment link' });
    this.iframeCode = main.getByRole('textbox', { name: 'iFrame code' });
    this.copyIframe = main.getByRole('button', { name: 'Copy iFrame code' });
    this.qrCode = main.getByRole('img', { name: /^QR code of the payment link/ });
    this.download = main.getByRole('link', { name: 'Download' });
    this.print = main.getByRole('button', { name: 'Print' });
  }

  async expectShown(id?: string): Promise<void> {
    await expect(this.page).toHaveURL(
      id ? new RegExp(`/tenant/paymentoptions/${id}$`) : /\/tenant\/paymentoptions\/[0-9a-f-]{36}$/,
    );
    await expect(this.heading).toBeVisible();
  }

  /** The form id in the address. */
  formId(): string {
    const m = /\/tenant\/paymentoptions\/([0-9a-f-]{36})$/.exec(this.page.url());
    expect(m, 'the address holds the form id').not.toBeNull();
    return m![1]!;
  }
}
