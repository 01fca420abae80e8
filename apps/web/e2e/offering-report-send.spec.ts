import { expect, test, type APIRequestContext } from '@playwright/test';
import { AddOfferingPage } from './pages/add-offering-page.ts';
import { OfferingReportPage } from './pages/offering-report-page.ts';
import { ReportApprovalSection, ReportSendDialog } from './pages/report-approval.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { DESKTOP, expectToast, PHONE, snap, today } from './pages/ui.ts';
import { DEMO_CHURCH } from './support/church-api.ts';

/** The demo church (seeded by the e2e server): it has SMS units and the approved sender ID 'GraceChurch'. */
const EVENT = 'Harvest Thanksgiving';
const EMAILS = ['treasurer@grace.example', 'pastor@grace.example'];
/** typed as a church officer would: one international, one national (Nigeria, the church's country) */
const PHONES = [
  { typed: '+2348031110001', e164: '+2348031110001' },
  { typed: '0803 111 0002', e164: '+2348031110002' },
];

interface OutboxLine {
  channel: 'sms' | 'email';
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}
interface CommReport {
  channel: string;
  sender: string;
  subject: string;
  message: string;
  recipients: { address: string; status: string }[];
}

async function outbox(api: APIRequestContext, channel: 'sms' | 'email'): Promise<OutboxLine[]> {
  const res = await api.get(`/api/Messaging/outbox?channel=${channel}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: OutboxLine[] }).data;
}

async function commReport(api: APIRequestContext, id: string): Promise<CommReport> {
  const res = await api.get(`/api/Messaging/getSentSMSbyId?CommReportId=${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as CommReport;
}

/**
 * Issue 9 'Done when' (the offering report goes out; finance spec 2.6, §4 'Send dialog', §8
 * 'Report send'): the demo church records a service's offerings, approves the report, sends it by
 * e-mail to two addresses and by SMS to two numbers from the send dialog (Preview showing exactly
 * what goes out), and finds both e-mails in the local SMTP capture server's Outbox (subject, HTML,
 * 'View full report' link) and both SMS in the Outbox with their statuses reaching delivered. A
 * failed request says 'Sending Failed'. The report reads 'Marked as sent today'.
 */
test('an approved offering report is sent by e-mail and SMS and both arrive', async ({ page }) => {
  test.setTimeout(240_000);
  const day = today();

  // 1. The demo church records today's offerings of a new service.
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(DEMO_CHURCH.email, DEMO_CHURCH.password);
  await expect(page).toHaveURL(/\/tenant/);
  const add = new AddOfferingPage(page);
  await add.goto();
  await add.openCreateEvent();
  await add.addEventCategory(EVENT);
  await add.setEventDate(day.us);
  await add.saveEvent();
  await expectToast(page, 'Your new event was created successfully');
  await add.fillRow(1, { item: 'Sunday Offering', channel: 'Cash', amount: '45,000' });
  expect(await add.addRow()).toBe(2);
  await add.fillRow(2, { item: 'Sunday Offering', channel: 'POS', amount: '5,250.50' });
  await add.save();
  await expectToast(page, 'Offering Saved');
  await expect(page).toHaveURL(new RegExp(`/tenant/offeringreport\\?report=${day.iso}&activityID=[0-9a-f-]{36}$`));
  const activityId = new URL(page.url()).searchParams.get('activityID')!;
  const fullReport = `/tenant/report/${day.iso}?activityID=${activityId}`;
  const report = new OfferingReportPage(page);
  await report.expectShown();
  await expect(report.total).toHaveText('₦50,250.50');

  // 2. Approve it: the send section appears.
  const approval = new ReportApprovalSection(page);
  await approval.approveButton.click();
  await expectToast(page, 'Report approved');
  await expect(approval.sentLabel).toHaveText('Last sent: not yet');

  // 3. E-mail to two addresses: Preview shows the HTML that goes out, Send sends it.
  await approval.sendButton.click();
  const send = new ReportSendDialog(page);
  await expect(send.root).toBeVisible();
  await expect(send.from).toHaveValue(DEMO_CHURCH.email);
  await expect(send.subject).toHaveValue(`Report For ${EVENT}`);
  await send.to(1).fill(EMAILS[0]!);
  await send.addRecipient(1).click();
  await send.to(2).fill(EMAILS[1]!);
  await send.previewButton.click();
  const preview = page.getByRole('dialog', { name: 'Preview' });
  await expect(preview.getByTestId('preview-subject')).toHaveText(`Report For ${EVENT}`);
  await expect(preview.getByTestId('preview-to')).toHaveText(`To: ${EMAILS.join(', ')}`);
  const shown = preview.frameLocator('iframe[title="E-mail preview"]');
  await expect(shown.getByRole('link', { name: 'View full report' })).toHaveAttribute(
    'href',
    new RegExp(`^http://127\\.0\\.0\\.1:\\d+${fullReport.replace(/[?.]/g, '\\$&')}$`),
  );
  await expect(shown.getByText('₦50,250.50', { exact: true }).first()).toBeVisible();
  await snap(page, 'report-send-email-preview');
  await preview.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await send.sendButton.click();
  await expectToast(page, 'Send Success');
  await expect(send.notice).toContainText('Send Success: Sending to 2 recipients');
  const emailDelivery = send.root.getByRole('link', { name: 'See delivery' });
  await expect(emailDelivery).toHaveAttribute('href', /^\/tenant\/messages\/[0-9a-f-]{36}$/);
  const emailId = (await emailDelivery.getAttribute('href'))!.split('/').pop()!;
  // sending marked the report as sent
  await expect(approval.sentLabel).toHaveText('Marked as sent today');
  await expect(approval.resendButton).toBeAttached();
  await snap(page, 'report-send-email-sent');

  // 4. SMS to two numbers: the proposed summary, its segments, Preview, Send.
  await send.tab('SMS').click();
  await expect(send.from).toHaveValue(DEMO_CHURCH.churchName);
  await send.sendButton.click();
  await expect(send.error).toHaveText('Enter at least a destination for the report');
  await send.to(1).fill(PHONES[0]!.typed);
  await expect(send.error).toBeHidden();
  await send.addRecipient(1).click();
  await send.to(2).fill(PHONES[1]!.typed);
  await expect(send.message).toHaveValue(
    new RegExp(
      `^Report For ${EVENT}: total NGN 50,250\\.50 on ${day.us.replace(/\//g, '\\/')}\\. View: http://127\\.0\\.0\\.1:\\d+${fullReport.replace(/[?.]/g, '\\$&')}$`,
    ),
  );
  const smsText = await send.message.inputValue();
  const counter = send.root.getByTestId('report-sms-count');
  await expect(counter).toContainText('GSM-7');
  await expect(counter).toContainText('2 segments');
  await expect(counter).toContainText('Cost: 2 segments × 2 recipients = 4 units');
  await send.previewButton.click();
  const smsPreview = page.getByRole('dialog', { name: 'SMS preview' });
  await expect(smsPreview.getByTestId('preview-sms')).toHaveText(smsText);
  await expect(smsPreview.getByTestId('preview-sms-segments')).toContainText('GSM-7 · 2 segments');
  await snap(page, 'report-send-sms-preview');
  await smsPreview.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();

  // a request that never reaches the server says 'Sending Failed' and sends nothing
  await page.route('**/api/Messaging/sendSms', (route) => route.abort('internetdisconnected'));
  await send.sendButton.click();
  await expectToast(page, 'Sending Failed');
  await expect(send.notice).toHaveCount(0);
  await page.unroute('**/api/Messaging/sendSms');
  await expect(send.sendButton).not.toHaveClass(/ant-btn-loading/);

  await send.sendButton.click();
  await expectToast(page, 'Send Success');
  await expect(send.notice).toContainText('Send Success: Sending to 2 recipients');
  await expect(send.notice).toContainText('4 SMS units used (2 segments each)');
  const smsDelivery = send.root.getByRole('link', { name: 'See delivery' });
  await expect(smsDelivery).toHaveAttribute('href', /^\/tenant\/messages\/[0-9a-f-]{36}$/);
  const smsId = (await smsDelivery.getAttribute('href'))!.split('/').pop()!;
  expect(smsId).not.toBe(emailId);
  await snap(page, 'report-send-sms-sent');
  await page.setViewportSize(PHONE);
  await snap(page, 'report-send-sms-sent-phone');
  await page.setViewportSize(DESKTOP);

  // 5. Both e-mails reached the SMTP capture server: subject, the report's HTML, the link.
  const api = page.request;
  await expect
    .poll(async () => (await outbox(api, 'email')).filter((m) => EMAILS.some((e) => m.to.includes(e))).length, {
      timeout: 30_000,
    })
    .toBe(2);
  for (const address of EMAILS) {
    const mail = (await outbox(api, 'email')).find((m) => m.to.includes(address))!;
    expect(mail.subject).toBe(`Report For ${EVENT}`);
    expect(mail.html).toContain('>Offering Report</div>');
    expect(mail.html).toContain('₦50,250.50');
    expect(mail.html).toMatch(
      new RegExp(
        `<a href="http://127\\.0\\.0\\.1:\\d+${fullReport.replace(/[?.]/g, '\\$&')}"[^>]*>View full report</a>`,
      ),
    );
    // the plain-text part: the same report line by line, and the link
    expect(mail.text).toContain(`Grace Chapel, Lagos: Offering Report\n${EVENT}, ${day.us}`);
    expect(mail.text).toContain('Sunday Offering, Cash: ₦45,000.00\nSunday Offering, POS: ₦5,250.50');
    expect(mail.text).toContain('Total Offering: ₦50,250.50');
    expect(mail.text).toMatch(
      new RegExp(`View full report: http://127\\.0\\.0\\.1:\\d+${fullReport.replace(/[?.]/g, '\\$&')}`),
    );
  }
  await expect
    .poll(async () => (await commReport(api, emailId)).recipients.map((r) => `${r.address} ${r.status}`).sort(), {
      timeout: 30_000,
    })
    .toEqual(EMAILS.map((e) => `${e} sent`).sort());

  // 6. Both SMS reached the gateway's Outbox, from the approved sender ID, and were delivered.
  await expect
    .poll(async () => (await commReport(api, smsId)).recipients.map((r) => `${r.address} ${r.status}`).sort(), {
      timeout: 30_000,
    })
    .toEqual(PHONES.map((p) => `${p.e164} delivered`).sort());
  const sms = await commReport(api, smsId);
  expect(sms.channel).toBe('sms');
  expect(sms.sender).toBe('GraceChurch');
  expect(sms.message).toBe(smsText);
  const texts = (await outbox(api, 'sms')).filter((m) => PHONES.some((p) => m.to === p.e164));
  expect(texts).toHaveLength(2);
  for (const t of texts) {
    expect(t.from).toBe('GraceChurch');
    expect(t.text).toBe(smsText);
  }

  // 7. 'See delivery' opens the SMS's per-recipient report; the Outbox page lists the e-mails.
  await smsDelivery.click();
  await expect(page).toHaveURL(new RegExp(`/tenant/messages/${smsId}$`));
  for (const p of PHONES) await expect(page.getByText(p.e164).first()).toBeVisible();
  await page.goto('/tenant/outbox?channel=email');
  for (const address of EMAILS)
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: address })
        .filter({ hasText: `Report For ${EVENT}` }),
    ).toHaveCount(1);
  await snap(page, 'report-send-outbox');

  // 8. Back on the report: sent today, 'Resend Report'.
  await page.goto(fullReport);
  await report.expectShown();
  await expect(approval.sentLabel).toHaveText('Marked as sent today');
  await expect(approval.resendButton).toBeVisible();
});
