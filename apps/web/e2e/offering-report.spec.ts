import { expect, test } from '@playwright/test';
import { AddOfferingPage } from './pages/add-offering-page.ts';
import { signUpChurch } from './pages/church-setup.ts';
import { OfferingItemForm } from './pages/offering-item-form.ts';
import { OfferingReportPage } from './pages/offering-report-page.ts';
import { OfferingsPage } from './pages/offerings-page.ts';
import { ReportApprovalSection, ReportSendDialog, SharedReportPage } from './pages/report-approval.ts';
import { expectToast, opened, pickOption, snap, today } from './pages/ui.ts';

/**
 * Issue 7: the offering report approved and shared. A church records the offerings of a
 * service (one in US dollars), opens the report, approves it, sends it by e-mail from the dialog
 * (marking it as sent; an SMS is refused, a new church has no approved sender ID), finds its
 * offerings locked, gets a share link and opens it in a fresh browser without a session (desktop
 * and phone), withdraws the link and sees it refused, and unapproves the report after a
 * confirmation.
 */
test('an offering report is approved, shared through a link that can be withdrawn, and unapproved', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const day = today();

  // 1. A new church and its offering item.
  const { churchName, email: adminEmail } = await signUpChurch(page, {
    churchName: 'Grace Assembly',
    firstName: 'Chidi',
    lastName: 'Eze',
    emailPrefix: 'admin',
    emailDomain: 'grace.example',
    phone: '+2348031234500',
  });
  await page.goto('/tenant/offeringcategory');
  const item = OfferingItemForm.page(page);
  await item.name.fill('Sunday Offering');
  await item.chooseAccounts({ incomeAccount: '4000 - Offering', cashAccount: '1000 - Cash' });
  await item.save();
  await expectToast(page, 'Contribution Saved');

  // 2. The offerings of today's service: one in naira, one in US dollars.
  const add = new AddOfferingPage(page);
  await add.goto();
  await add.openCreateEvent();
  await add.addEventCategory('Sunday Service');
  await add.setEventDate(day.us);
  await add.saveEvent();
  await expectToast(page, 'Your new event was created successfully');
  await add.fillRow(1, { item: 'Sunday Offering', channel: 'Cash', amount: '12,500.50' });
  expect(await add.addRow()).toBe(2);
  await add.fillRow(2, { item: 'Sunday Offering', channel: 'POS', amount: '10' });
  await pickOption(page.getByRole('combobox', { name: 'Currency 2' }), 'USD', 'USD');
  await add.save();
  await expectToast(page, 'Offering Saved');

  // 3. The report: a DRAFT, each row in its currency with the rate and the naira amount.
  await expect(page).toHaveURL(new RegExp(`/tenant/offeringreport\\?report=${day.iso}&activityID=[0-9a-f-]{36}$`));
  const reportUrl = page.url();
  const report = new OfferingReportPage(page);
  await report.expectShown();
  await expect(report.eventName).toHaveText('Sunday Service');
  // 12,500.50 + 10 USD at the seeded 1,465.50 = 14,655.00
  await expect(report.total).toHaveText('₦27,155.50');
  await expect(report.table.getByRole('columnheader', { name: 'Rate' })).toBeVisible();
  await expect(report.table.getByRole('columnheader', { name: 'In NGN' })).toBeVisible();
  const usdRow = report.table.getByRole('row').filter({ hasText: 'POS' });
  await expect(usdRow).toContainText('$10.00');
  await expect(usdRow).toContainText('1,465.5');
  await expect(usdRow).toContainText('₦14,655.00');
  await expect(report.table.getByRole('row').filter({ hasText: 'Total' })).toContainText('₦27,155.50');
  const approval = new ReportApprovalSection(page);
  await expect(approval.draftNotice()).toBeVisible();
  await expect(approval.sendRegion).toBeHidden();
  await snap(page, 'report-draft');

  // 4. Approve: who and when, and the send section appears.
  await approval.approveButton.click();
  await expectToast(page, 'Report approved');
  await expect(approval.approvedLabel).toContainText('APPROVED');
  await expect(approval.approvedLabel).toContainText(`Approved by Chidi Eze on ${day.us} at`);
  await expect(approval.draftNotice()).toBeHidden();
  await expect(approval.sendButton).toBeVisible();
  await expect(approval.shareLinkButton).toBeVisible();
  await expect(approval.markAsSentButton).toBeVisible();
  await expect(approval.sentLabel).toHaveText('Last sent: not yet');

  // 5. The send dialog: Email, SMS and Share link; the e-mail goes out, the SMS is refused.
  await approval.sendButton.click();
  const send = new ReportSendDialog(page);
  await expect(send.root).toBeVisible();
  await expect(send.tab('Email')).toHaveAttribute('aria-selected', 'true');
  await expect(send.tab('SMS')).toBeVisible();
  await expect(send.tab('Share link')).toBeVisible();
  await expect(send.from).toHaveValue(adminEmail);
  await expect(send.subject).toHaveValue('Report For Sunday Service');
  await expect(send.subject).toBeDisabled();
  await send.editSubject.click();
  await expect(send.subject).toBeEnabled();
  await expect(send.message).toHaveValue(/^Here is the offering report for Sunday Service/);
  await send.sendButton.click();
  await expect(send.error).toHaveText('Enter at least a destination for the report');
  await send.to(1).fill('treasurer@grace.example');
  await expect(send.error).toBeHidden();
  await send.addRecipient(1).click();
  await expect(send.to(2)).toBeVisible();
  await send.removeRecipient(2).click();
  await expect(send.to(2)).toBeHidden();
  await expect(send.copyToMyself).toBeVisible();
  await send.previewButton.click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByTestId('preview-subject')).toHaveText('Report For Sunday Service');
  const email = preview.frameLocator('iframe[title="E-mail preview"]');
  await expect(email.getByText('Offering Report', { exact: true })).toBeVisible();
  await expect(email.getByRole('link', { name: 'View full report' })).toHaveAttribute(
    'href',
    new RegExp(`/tenant/report/${day.iso}\\?activityID=[0-9a-f-]{36}$`),
  );
  await expect(email.getByText('₦27,155.50', { exact: true }).first()).toBeVisible();
  await snap(page, 'report-email-preview');
  await preview.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(approval.sentLabel).toHaveText('Last sent: not yet');
  await send.sendButton.click();
  await expectToast(page, 'Send Success');
  await expect(send.notice).toContainText('Send Success: Sending to 1 recipient');
  await snap(page, 'report-send-dialog');
  // a new church has no approved sender ID: the server's refusal is shown as it said it
  await send.tab('SMS').click();
  await expect(send.from).toHaveValue(churchName);
  await send.sendButton.click();
  await expect(send.error).toHaveText('Enter at least a destination for the report');
  await send.to(1).fill('+2348031234501');
  await send.sendButton.click();
  const noSender = 'This church has no approved sender ID yet: request one (Sender ID) before sending SMS';
  await expectToast(page, noSender);
  await expect(send.error).toHaveText(noSender);
  await snap(page, 'report-send-sms-refused');
  await send.cancelButton.click();
  await expect(send.root).toBeHidden();
  // the e-mail went out, so the report is marked as sent
  await expect(approval.sentLabel).toHaveText('Marked as sent today');
  await expect(approval.resendButton).toBeVisible();

  // 6. While approved, its offerings cannot be deleted.
  const offerings = new OfferingsPage(page);
  await offerings.goto();
  await offerings.rowAction(offerings.rowWithAmount('₦12,500.50'), 'Delete');
  await offerings.confirmDialog.getByRole('button', { name: 'OK' }).click();
  await expectToast(
    page,
    `The offering report of ${day.us} (Sunday Service) is approved: unapprove it before changing its offerings`,
  );
  await expect(offerings.rowWithAmount('₦12,500.50')).toHaveCount(1);

  // 7. The full-report route of the e-mail shows the same report; get a share link there.
  const reportId = new URL(reportUrl).searchParams.get('activityID');
  await page.goto(`/tenant/report/${day.iso}?activityID=${reportId}`);
  await report.expectShown();
  await expect(report.total).toHaveText('₦27,155.50');
  await approval.shareLinkButton.click();
  await expect(approval.shareLinkField).toHaveValue(/\/r\/[A-Za-z0-9_-]{43}$/);
  await expectToast(page, 'Link Copied');
  const link = await approval.shareLinkField.inputValue();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
  await expect(approval.shareCount).toContainText(`1 active share link, made on ${day.us} at`);
  await approval.markAsSentButton.click();
  await expect(approval.sentLabel).toHaveText('Marked as sent today');
  await expect(approval.resendButton).toBeVisible();
  await snap(page, 'report-approved');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'report-approved-phone');
  await page.setViewportSize({ width: 1366, height: 900 });

  // 8. The link in a fresh browser, signed out, on a desktop and on a phone.
  const visitor = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const guest = await visitor.newPage();
  await guest.goto(link);
  const shared = new SharedReportPage(guest);
  await expect(shared.heading).toBeVisible();
  await expect(shared.church).toHaveText(churchName);
  await expect(shared.event).toHaveText('Sunday Service');
  await expect(shared.date).toHaveText(day.us);
  await expect(shared.total).toHaveText('₦27,155.50');
  await expect(shared.line('Sunday Offering', 'Cash')).toContainText('₦12,500.50');
  await expect(shared.line('Sunday Offering', 'POS')).toContainText('₦14,655.00');
  await expect(shared.line('Sunday Offering', 'POS')).toContainText('$10.00 at 1,465.5');
  await expect(guest.getByRole('button', { name: 'Approve report' })).toHaveCount(0);
  await expect(guest).toHaveURL(/\/r\//); // not sent to sign in
  await snap(guest, 'shared-report');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phonePage = await phone.newPage();
  await phonePage.goto(link);
  await expect(new SharedReportPage(phonePage).total).toHaveText('₦27,155.50');
  await snap(phonePage, 'shared-report-phone');
  // nothing else of the church opens without a session
  const withoutSession = await visitor.request.get('/api/financials/contributions/items');
  expect(withoutSession.status()).toBe(401);
  await guest.goto('/tenant/offering');
  await expect(guest).toHaveURL(/\/signin$/);
  await guest.goto(link);
  await expect(shared.total).toHaveText('₦27,155.50');

  // 9. Withdraw the link: the page says so.
  await approval.withdrawButton.click();
  const withdraw = await opened(approval.confirmation('Withdraw the share links?'));
  await withdraw.getByRole('button', { name: 'Withdraw' }).click();
  await expectToast(page, '1 share link(s) withdrawn');
  await expect(approval.shareCount).toBeHidden();
  await phonePage.reload();
  await expect(phonePage.getByText('This link was withdrawn', { exact: true })).toBeVisible();
  await snap(phonePage, 'shared-report-withdrawn-phone');
  await guest.reload();
  await expect(guest.getByText('This link was withdrawn', { exact: true })).toBeVisible();
  await expect(shared.total).toHaveCount(0);
  await expect(guest.getByText('₦27,155.50')).toHaveCount(0);
  // the API behind the page refuses the withdrawn token too, to a caller without a session
  const token = new URL(link).pathname.split('/').pop()!;
  const refused = await visitor.request.get(`/api/Offering/sharedReport?token=${token}`);
  expect(refused.status()).toBe(410);
  expect(JSON.stringify(await refused.json())).not.toContain('27155');
  await visitor.close();
  await phone.close();

  // 10. Unapprove, after a confirmation (Cancel keeps it approved).
  await approval.unapproveButton.click();
  const confirm = approval.confirmation('Unapprove this report?');
  await expect(confirm).toContainText('its offerings can be edited and deleted again');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(approval.approvedLabel).toBeVisible();
  await approval.unapproveButton.click();
  await approval.confirmation('Unapprove this report?').getByRole('button', { name: 'Unapprove' }).click();
  await expectToast(page, 'Report unapproved');
  await expect(approval.draftNotice()).toBeVisible();
  await expect(approval.approveButton).toBeVisible();
  await expect(approval.sendRegion).toBeHidden();

  // Unapproved, its offerings can be deleted again.
  await offerings.goto();
  await offerings.rowAction(offerings.rowWithAmount('₦12,500.50'), 'Delete');
  await offerings.confirmDialog.getByRole('button', { name: 'OK' }).click();
  await expectToast(page, 'Offering Transaction Deleted');
  await expect(offerings.rowWithAmount('₦12,500.50')).toHaveCount(0);
});
