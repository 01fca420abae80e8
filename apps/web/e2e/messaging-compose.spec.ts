import { expect, test, type Locator, type Page } from '@playwright/test';
import { GroupTreePicker } from './pages/groups-page.ts';
import { SignInPage } from './pages/sign-in-page.ts';
import { TenantShell } from './pages/tenant-shell.ts';
import { expectToast, pickOption, runId, snap } from './pages/ui.ts';

/**
 * The demo church the server creates at start (DEMO=auto): its approved sender ID 'GraceChurch',
 * its SMS units and its group tree (Departments › Choir › Sopranos has two members with phones).
 */
const DEMO = { email: 'admin@grace.example', password: 'stewardship', churchName: 'Grace Chapel, Lagos' };

/** The compose page (/tenant/sms/compose, /tenant/email/compose; issue 9 'Composing'). */
class ComposePage {
  readonly destinations: Locator;
  readonly typed: (label: 'Phone numbers' | 'Emails') => Locator;
  readonly sender: Locator;
  readonly subject: Locator;
  readonly message: Locator;
  readonly counter: Locator;
  readonly cost: Locator;
  readonly units: Locator;
  readonly sendNow: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.destinations = page.getByRole('group', { name: 'Destinations' });
    this.typed = (label) => page.getByRole('textbox', { name: label, exact: true });
    this.sender = page.getByRole('combobox', { name: 'Sender ID' });
    this.subject = page.getByRole('textbox', { name: 'Subject' });
    this.message = page.getByRole('textbox', { name: /^(\* )?Message$/ });
    this.counter = page.getByTestId('sms-counter');
    this.cost = page.getByTestId('sms-cost');
    this.units = page.getByTestId('sms-units');
    this.sendNow = page.getByRole('button', { name: 'Send now' });
    this.result = page.getByTestId('send-result');
  }

  destination(label: string): Locator {
    return this.destinations.getByRole('checkbox', { name: label, exact: true });
  }

  /** A value of the answer's table ('Recipients queued', 'Units used', ...). */
  resultValue(label: string): Locator {
    return this.result.locator('th', { hasText: label }).locator('xpath=following-sibling::td[1]');
  }
}

/** The Outbox (/tenant/outbox): what the development stand-ins received. */
class OutboxPage {
  readonly drawer: Locator;

  constructor(readonly page: Page) {
    this.drawer = page.getByRole('dialog');
  }

  async show(channel: 'All' | 'SMS' | 'E-mail'): Promise<void> {
    // the radio input itself is hidden under its label: the label takes the click
    await this.page.getByRole('radiogroup', { name: 'Channel' }).getByText(channel, { exact: true }).click();
    await expect(this.page.getByRole('radio', { name: channel, exact: true })).toBeChecked();
    await expect(this.page).toHaveURL(channel === 'All' ? /\/tenant\/outbox$/ : /channel=/);
  }

  /** The line of the message to `to` (rows are named 'Open the SMS to {to}: {text}'). */
  line(kind: 'SMS' | 'e-mail', to: string): Locator {
    const escaped = to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.page.getByRole('row', { name: new RegExp(`^Open the ${kind} to ${escaped}: `) });
  }
}

/** The page does not scroll sideways (390 px phone layout). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth'))
    .toBeLessThanOrEqual(0);
}

/**
 * Issue 9 'Composing': the demo administrator texts a group and two typed numbers from an approved
 * sender ID, watching the live segment counter and the cost; sends; follows the message's report
 * until every recipient is delivered; finds both typed numbers in the Outbox. Then e-mails two
 * addresses and finds the e-mail in the Outbox with its HTML rendered. The screens are checked
 * again at 390 px.
 */
test('an administrator texts a group and two numbers, follows delivery, and e-mails two addresses', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = runId();
  // two numbers of this run: typed as a member would, kept in E.164 (Nigeria, the church's country)
  const d5 = String(Date.now()).slice(-5);
  const numbers = [`0803 5${d5.slice(0, 2)} ${d5.slice(2)}1`, `+2348035${d5}2`];
  const e164 = [`+2348035${d5}1`, `+2348035${d5}2`];

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.signIn(DEMO.email, DEMO.password);
  const shell = new TenantShell(page);
  await shell.expectSignedIn(DEMO.churchName);

  // 1. Send SMS: the spec's destination options (giving spec 2.22).
  await shell.openFromMenu('Messaging', 'Send SMS');
  await expect(page.getByRole('heading', { name: 'Send SMS', level: 1 })).toBeVisible();
  const compose = new ComposePage(page);
  await expect(compose.destinations.getByRole('checkbox')).toHaveCount(5);
  for (const label of [
    'All contacts',
    'Select group from database',
    'Select person from membership database',
    'Phone numbers',
    'Upload contacts',
  ])
    await expect(compose.destination(label)).toBeVisible();
  await expect(compose.units).toHaveText(/^Your SMS units: [\d,]+$/);
  const unitsBefore = Number((await compose.units.textContent())!.replace(/\D/g, ''));

  // Sending with nothing chosen names what is missing.
  await compose.sendNow.click();
  await expect(page.getByText('Choose at least one destination', { exact: true })).toBeVisible();
  await expect(page.getByText('Choose a sender ID', { exact: true })).toBeVisible();

  // 2. A group from the tree (Sopranos: two members) and two typed numbers.
  await compose.destination('Select group from database').check();
  const tree = new GroupTreePicker(page);
  await expect(tree.item('Sopranos')).toBeVisible();
  await tree.checkbox('Sopranos').click();
  await tree.expectChecks({ Sopranos: true, Choir: 'mixed' });
  await compose.destination('Phone numbers').check();
  await compose.typed('Phone numbers').fill(`${numbers[0]}, ${numbers[1]}`);
  await expect(page.getByText('2 phone numbers', { exact: true })).toBeVisible();
  await pickOption(compose.sender, 'GraceChurch', 'Grace');

  // 3. The live counter: GSM-7 and segments as typed, cost = segments x recipients.
  await compose.message.fill('A'.repeat(161));
  await expect(compose.counter).toContainText('161 characters');
  await expect(compose.counter).toContainText('GSM-7');
  await expect(compose.counter).toContainText('2 segments');
  await expect(compose.cost).toContainText('Cost: at most 8 units (2 segments × 4 recipients)');
  await compose.message.fill('Thank you for coming 🙏');
  await expect(compose.counter).toContainText('UCS-2');
  await expect(compose.counter).toContainText('1 segment');
  const text = 'Choir practice moves to Saturday at 4pm. Bring your folders!';
  await compose.message.fill(text);
  await expect(compose.counter).toContainText(`${text.length} characters`);
  await expect(compose.counter).toContainText('GSM-7');
  await expect(compose.counter).toContainText('1 segment');
  await expect(compose.counter).toContainText(`(${160 - text.length} left in this segment)`);
  await expect(compose.cost).toContainText('Cost: at most 4 units (1 segment × 4 recipients)');
  await snap(page, 'messaging-sms-compose');

  // 4. Send: the answer names the recipients queued and the units used; the report opens from it.
  await compose.sendNow.click();
  await expectToast(page, 'Sending to 4 recipients');
  await expect(compose.result).toBeVisible();
  await expect(compose.resultValue('Recipients queued')).toHaveText('4');
  await expect(compose.resultValue('Units used')).toHaveText('4');
  await expect(compose.resultValue('Units left')).toHaveText((unitsBefore - 4).toLocaleString('en-US'));
  await snap(page, 'messaging-sms-sent');
  await page.getByRole('button', { name: 'Open the message report' }).click();
  await expect(page).toHaveURL(/\/tenant\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'SMS from GraceChurch', level: 1 })).toBeVisible();
  await expect(page.getByTestId('report-message')).toHaveText(text);
  // the page reads the report again every 2 s until the gateway has reported every delivery
  const chips = page.getByRole('group', { name: 'Show recipients by status' });
  await expect(chips.getByRole('button', { name: 'Delivered 4' })).toBeVisible({ timeout: 30_000 });
  await expect(chips.getByRole('button', { name: 'Queued 0' })).toBeVisible();
  await expect(page.getByTestId('report-progress')).toHaveText('Done: 4 delivered, 0 sent, 0 not delivered');
  for (const n of e164) {
    const row = page.getByRole('row').filter({ hasText: n });
    await expect(row.getByText('Delivered', { exact: true })).toBeVisible();
  }
  await chips.getByRole('button', { name: 'Failed 0' }).click();
  await expect(page.getByText('No recipient is failed')).toBeVisible();
  await chips.getByRole('button', { name: 'All 4' }).click();
  await snap(page, 'messaging-report');

  // The sent list shows it first, with its progress; its row opens the same report.
  await shell.openFromMenu('Messaging', 'Sent SMS');
  const first = page.locator('tbody tr[data-row-key]').first();
  await expect(first).toContainText('4 recipients');
  await expect(first).toContainText('0 sent · 4 delivered · 0 failed');
  await first.click();
  await expect(page.getByRole('heading', { name: 'SMS from GraceChurch', level: 1 })).toBeVisible();

  // 5. The Outbox holds both typed numbers' SMS, as the development gateway received them.
  await shell.openFromMenu('Messaging', 'Outbox');
  await expect(page.getByText(/The Outbox shows what the development stand-ins received/)).toBeVisible();
  const outbox = new OutboxPage(page);
  await outbox.show('SMS');
  for (const n of e164) await expect(outbox.line('SMS', n)).toBeVisible();
  await outbox.line('SMS', e164[0]!).click();
  await expect(outbox.drawer).toContainText(`SMS to ${e164[0]}`);
  await expect(outbox.drawer).toContainText('GraceChurch');
  await expect(outbox.drawer.getByTestId('outbox-sms-text')).toHaveText(text);
  await page.keyboard.press('Escape');
  await expect(outbox.drawer).toBeHidden();

  // 6. Send E-mail to two typed addresses; the preview renders the HTML as typed.
  await shell.openFromMenu('Messaging', 'Send E-mail');
  await expect(page.getByRole('heading', { name: 'Send E-mail', level: 1 })).toBeVisible();
  await expect(compose.destinations.getByRole('checkbox')).toHaveCount(4);
  await expect(compose.destination('Emails')).toBeVisible();
  await compose.destination('Emails').check();
  const addresses = [`deacon-${id}@grace.example`, `usher-${id}@grace.example`];
  await compose.typed('Emails').fill(addresses.join('\n'));
  const subject = `Harvest thanksgiving ${id}`;
  await compose.subject.fill(subject);
  await compose.message.fill('Dear friends,\n\nHarvest is on Sunday.\nDetails: https://grace.example/harvest');
  const preview = page.frameLocator('iframe[title="E-mail preview"]');
  await expect(preview.locator('p')).toHaveCount(2);
  await expect(preview.getByRole('link', { name: 'https://grace.example/harvest' })).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toHaveText(subject);
  await compose.sendNow.click();
  await expectToast(page, 'Sending to 2 recipients');
  await expect(compose.resultValue('Recipients queued')).toHaveText('2');

  // 7. Both e-mails reach the SMTP capture server; the Outbox renders the HTML in a sandboxed frame.
  await shell.openFromMenu('Messaging', 'Outbox');
  await outbox.show('E-mail');
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    for (const a of addresses) await expect(outbox.line('e-mail', a)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await outbox.line('e-mail', addresses[0]!).click();
  await expect(outbox.drawer).toContainText(subject);
  const frame = outbox.drawer.locator('iframe[title="The e-mail\'s HTML"]');
  await expect(frame).toHaveAttribute('sandbox', '');
  const html = page.frameLocator('iframe[title="The e-mail\'s HTML"]');
  await expect(html.getByText('Harvest is on Sunday.')).toBeVisible();
  await expect(html.getByRole('link', { name: 'https://grace.example/harvest' })).toHaveAttribute(
    'href',
    'https://grace.example/harvest',
  );
  await outbox.drawer.getByRole('tab', { name: 'Text' }).click();
  await expect(outbox.drawer.locator('pre')).toContainText('Harvest is on Sunday.');
  await snap(page, 'messaging-outbox-email');
  await page.keyboard.press('Escape');

  // 8. A phone (390 px): the pages fit without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, heading, name] of [
    ['/tenant/sms/compose', 'Send SMS', 'compose'],
    ['/tenant/outbox', 'Outbox', 'outbox'],
    ['/tenant/sms/sent', 'Sent SMS', 'sent'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await snap(page, `messaging-phone-${name}`);
  }
  await page.locator('tbody tr[data-row-key]').first().click();
  await expect(page.getByRole('heading', { name: 'SMS from GraceChurch', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'messaging-phone-report');
});
