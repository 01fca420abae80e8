import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { signUpChurch } from './pages/church-setup.ts';
import { PaymentFormPage } from './pages/giving-payment-form-page.ts';
import { PaymentFormsListPage } from './pages/giving-payment-forms-page.ts';
import { PaymentOptionsPage } from './pages/giving-payment-options-page.ts';
import { expectToast, opened, pickOption, selectOf, snap, today } from './pages/ui.ts';

/** GetOne, as far as this journey reads it. */
const ZForm = z.object({
  id: z.string(),
  name: z.string(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  contributionItems: z.array(z.object({ financialContribution: z.object({ name: z.string() }) })),
  paymentGateWays: z.array(
    z.object({ paymentGateway: z.object({ name: z.string() }), subAccountID: z.string().nullable() }),
  ),
});

async function getForm(page: Page, id: string) {
  const res = await page.request.get(`/api/PaymentForm/GetOne?paymentFormID=${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ZForm.parse(await res.json());
}

/** The clipboard's text, as the page reads it (permission granted to the context). */
function readClipboard(page: Page): Promise<string> {
  return page.evaluate('navigator.clipboard.readText()') as Promise<string>;
}

/** A 10-digit account number unique to the run: the local provider sandbox resolves any that does not end in 0000. */
function accountNumberForRun(): string {
  return `12${String(Date.now()).slice(-8)}`.replace(/0000$/, '1234');
}

/** Nothing on the page is wider than the viewport (a phone never scrolls sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect.poll(() => page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Issue 10 'Admin screens' (giving spec 2.1-2.3): an administrator creates a payment form with two
 * contribution items, a bank account resolved by name and both gateways, lands on Payment
 * Options, copies the link and sees the QR code; edits the form (removes a gateway); reuses the
 * account's FlutterWave subaccount on a second form and deletes that form after confirming.
 */
test('an administrator sets up, shares, edits and deletes payment forms', async ({ page, context, baseURL }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const accountNumber = accountNumberForRun();

  // 1. A new church: no payment form yet.
  const { shell } = await signUpChurch(page, {
    churchName: 'Living Waters',
    firstName: 'Ngozi',
    lastName: 'Eze',
    emailPrefix: 'admin',
    emailDomain: 'waters.example',
    phone: '+2348031112233',
  });
  // Online Giving invites a church without payment forms to set one up (spec 2.4).
  await shell.openFromMenu('Online Giving', 'Online Giving');
  await expect(page).toHaveURL(/\/tenant\/onlinedonate$/);
  await expect(page.getByRole('heading', { name: 'Online Donation', level: 1 })).toBeVisible();
  await expect(
    page.getByText(
      'You have not added any online donation yet, Set up now to enable your church to receive online donation',
      { exact: true },
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set up now' })).toHaveAttribute('href', '/tenant/payments');
  await snap(page, 'online-donation-set-up');
  await shell.openFromMenu('Online Giving', 'Payment Forms');
  const list = new PaymentFormsListPage(page);
  await list.expectShown();
  await expect(list.emptyText()).toBeVisible();
  await snap(page, 'payment-forms-empty');

  // 2. 'Add Payment Form': the name is required.
  await list.addButton.click();
  const form = new PaymentFormPage(page);
  await form.expectCreate();
  await expect(form.active).toBeChecked();
  await expect(form.saveButton).toHaveAttribute('aria-disabled', 'true');
  await form.save();
  await expect(form.fieldError('Name')).toHaveText('Name is required');
  await form.name.fill('Sunday Giving');

  // Two items created through 'Add Contribution' (the offering item dialog), one per row.
  await form.addContribution('Tithe', '4000 - Offering', '1000 - Cash');
  await expect(selectOf(form.item(1))).toHaveText('Tithe');
  await form.addRowButton.click();
  await form.addContribution('Building Fund', '4000 - Offering', '1000 - Cash');
  await expect(selectOf(form.item(2))).toHaveText('Building Fund');
  // a row with an item asks first; Cancel keeps it
  await form.deleteRow(2).click();
  await expect(form.confirmDelete).toContainText('Are you sure you want to proceed?');
  await (await opened(form.confirmDelete)).getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Delete canceled');
  await expect(selectOf(form.item(2))).toHaveText('Building Fund');
  // an empty row goes without a question
  await form.addRowButton.click();
  await expect(form.item(3)).toBeVisible();
  await form.deleteRow(3).click();
  await expect(form.item(3)).toHaveCount(0);

  // The bank account: a number the provider does not know is refused, a good one is named.
  await form.chooseBank('Guaranty Trust Bank');
  await form.enterAccountNumber('0123450000');
  await expectToast(page, 'Please check your banks details again');
  await expect(form.accountName).toHaveValue('');
  await form.save();
  await expectToast(page, 'Enter the account number and let Steward check the account name before you save');
  await expect(page).toHaveURL(/\/tenant\/payments$/);
  await form.enterAccountNumber(accountNumber);
  await expectToast(page, 'Account Check Successful');
  await expect(form.accountName).not.toHaveValue('');
  await expect(form.accountName).toHaveAttribute('readonly', '');
  const holder = await form.accountName.inputValue();
  await expect(form.saveButton).toHaveAttribute('aria-disabled', 'false');

  // Both gateways (a new account number has no FlutterWave subaccount yet: nothing is asked).
  await form.gateway('Paystack').check();
  await form.gateway('FlutterWave').check();
  await expect(page.getByText('Steward creates one when you save', { exact: false })).toBeVisible();
  await snap(page, 'payment-form-filled');
  await form.save();
  await expectToast(page, 'Payment form created');

  // 3. Payment Options: the form, its items, the link (copied), the iFrame code, the QR code.
  const options = new PaymentOptionsPage(page);
  await options.expectShown();
  const id = options.formId();
  await expect(options.formName).toHaveText('Sunday Giving');
  // the server lists a form's items by name
  await expect(options.items).toHaveText(['Building Fund', 'Tithe']);
  await expect(options.linkPanel).toBeVisible();
  await expect(options.link).toHaveValue(`${baseURL}/give/${id}`);
  await options.copyLink.click();
  await expectToast(page, 'Payment link copied to your clipboard');
  expect(await readClipboard(page)).toBe(`${baseURL}/give/${id}`);
  await expect(options.pluginOption).toBeDisabled();
  await expect(options.qrCode).toBeVisible();
  expect(
    await options.qrCode.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
  ).toBeGreaterThan(100);
  await expect(options.download).toHaveAttribute('download', 'sunday-giving-qr-code.png');
  await snap(page, 'payment-options-link');
  // one panel at a time
  await options.iframeOption.click();
  await expect(options.linkPanel).toBeHidden();
  await expect(options.iframeCode).toHaveValue(
    new RegExp(`^<iframe src="${baseURL}/iframe/${id}" width="720" height="1190" `),
  );
  await options.copyIframe.click();
  await expectToast(page, 'iFrame code copied to your clipboard');
  expect(await readClipboard(page)).toContain(`/iframe/${id}`);
  await snap(page, 'payment-options-iframe');
  await options.iframeOption.click();
  await expect(options.iframePanel).toBeHidden();

  const saved = await getForm(page, id);
  expect(saved.accountNumber).toBe(accountNumber);
  expect(saved.accountName).toBe(holder);
  expect(saved.paymentGateWays.map((g) => g.paymentGateway.name).sort()).toEqual(['FlutterWave', 'Paystack']);
  const subaccount = saved.paymentGateWays.find((g) => g.paymentGateway.name === 'FlutterWave')!.subAccountID;
  expect(subaccount, 'FlutterWave got a subaccount').toBeTruthy();

  // 4. Edit: no Active switch on the edit route; Paystack removed.
  await options.editButton.click();
  await form.expectEdit(id);
  await expect(form.name).toHaveValue('Sunday Giving');
  await expect(form.accountName).toHaveValue(holder);
  await expect(form.active).toHaveCount(0);
  await expect(form.gateway('Paystack')).toBeChecked();
  await expect(page.getByTestId('subaccount')).toHaveText(`Settles into subaccount ${subaccount}`);
  await form.gateway('Paystack').uncheck();
  await form.save();
  await expectToast(page, 'Payment form updated');
  await options.expectShown(id);
  const edited = await getForm(page, id);
  expect(edited.paymentGateWays.map((g) => g.paymentGateway.name)).toEqual(['FlutterWave']);
  expect(edited.contributionItems.map((c) => c.financialContribution.name).sort()).toEqual(['Building Fund', 'Tithe']);

  // 5. The list: NAME, BANK, DATE, STATUS; search on Enter.
  await page.goto('/tenant/paymentforms');
  await list.expectShown();
  await expect(list.table.getByRole('columnheader')).toHaveText(['NAME', 'BANK', 'DATE', 'STATUS', 'ACTION']);
  await expect(list.row('Sunday Giving').getByRole('cell')).toHaveText([
    'Sunday Giving',
    'Guaranty Trust Bank',
    today().us,
    'Active',
    '',
  ]);

  // 6. A second form on the same account: FlutterWave offers the account's subaccount.
  await list.addButton.click();
  await form.expectCreate();
  await form.name.fill('Harvest');
  await pickOption(form.item(1), 'Tithe');
  await form.chooseBank('Guaranty Trust Bank');
  await form.enterAccountNumber(accountNumber);
  await expectToast(page, 'Account Check Successful');
  // declined first: the account is cleared, as the spec says
  await form.gateway('FlutterWave').check();
  await expect(form.subaccountQuestion).toBeVisible();
  await snap(page, 'payment-form-subaccount-question');
  await form.subaccountQuestion.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Please enter another bank account details to enable Flutterwave subaccount integration');
  await expect(form.accountNumber).toHaveValue('');
  await expect(form.accountName).toHaveValue('');
  // then accepted
  await form.chooseBank('Guaranty Trust Bank');
  await form.enterAccountNumber(accountNumber);
  await expect(form.subaccountQuestion).toBeVisible();
  await form.subaccountQuestion.getByRole('button', { name: 'Use it' }).click();
  await expectToast(page, 'Confirmed, The selected account is now in use');
  await expect(page.getByTestId('subaccount')).toHaveText(`Settles into subaccount ${subaccount}`);
  await form.save();
  await expectToast(page, 'Payment form created');
  await options.expectShown();
  const harvest = await getForm(page, options.formId());
  expect(harvest.paymentGateWays[0]?.subAccountID).toBe(subaccount);

  // 7. Search, then delete 'Harvest' after confirming (Cancel first).
  await page.goto('/tenant/paymentforms');
  await expect(list.rows()).toHaveCount(2);
  await list.searchFor('harv');
  await expect(list.rows()).toHaveCount(1);
  await expect(list.row('Harvest')).toBeVisible();
  await list.searchFor('');
  await expect(list.rows()).toHaveCount(2);
  await list.rowAction('Harvest', 'Delete');
  await expect(list.confirmDialog).toContainText('Are you sure you want to Delete?');
  await list.confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Delete canceled');
  await expect(list.confirmDialog).toBeHidden();
  await expect(list.row('Harvest')).toBeVisible();
  await list.rowAction('Harvest', 'Delete');
  await list.confirmDialog.getByRole('button', { name: 'OK' }).click();
  await expectToast(page, 'Payment form deleted');
  await expect(list.row('Harvest')).toHaveCount(0);
  await expect(list.rows()).toHaveCount(1);
  await snap(page, 'payment-forms-list');

  // 'View Details' and a row click.
  await list.rowAction('Sunday Giving', 'View Details');
  await options.expectShown(id);
  await page.goBack();
  await list.row('Sunday Giving').getByRole('cell', { name: 'Guaranty Trust Bank' }).click();
  await form.expectEdit(id);

  // With a form but no gift yet, Online Giving shows the summary and an empty table (spec 2.4, 2.5).
  await page.goto('/tenant/onlinedonate');
  await expect(page.getByTestId('total-income')).toHaveText('₦0.00');
  await expect(page.getByRole('main').getByRole('table').getByRole('columnheader')).toHaveText([
    'DATE',
    'DONATION',
    'AMOUNT',
    'CHANNEL',
    'DONOR',
    'ACTION',
  ]);
  await expect(page.getByText('Record not available in database', { exact: true })).toBeVisible();
  await expect(page.getByPlaceholder('Search...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'PRINT' })).toBeDisabled();
  await page.getByRole('button', { name: 'FILTER' }).click();
  await expect(page.getByRole('region', { name: 'Filter' }).getByLabel('Donation', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Filter' }).getByLabel('donor', { exact: true })).toBeVisible();
  await snap(page, 'online-donation-empty');

  // 8. On a phone (390 px): every screen fits, its controls in reach.
  await page.setViewportSize({ width: 390, height: 844 });
  await list.goto();
  await expect(list.row('Sunday Giving')).toBeVisible();
  await expect(list.row('Sunday Giving').getByRole('button', { name: 'Actions for Sunday Giving' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await snap(page, 'payment-forms-list-phone');
  await page.goto(`/tenant/payments/${id}`);
  await form.expectEdit(id);
  await expect(form.saveButton).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'payment-form-phone');
  await page.goto(`/tenant/paymentoptions/${id}`);
  await options.expectShown(id);
  await expect(options.copyLink).toBeInViewport();
  await expect(options.qrCode).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'payment-options-phone');
});
