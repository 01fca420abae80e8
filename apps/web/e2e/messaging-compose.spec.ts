import { expect, test, type Locator, type Page } from '@playwright/test';
import { GroupTreePicker } from './pages/groups-page.ts';
import { SenderIdDialogs } from './pages/sender-ids.ts';
import { signInAsDemoAdmin } from './pages/sign-in-page.ts';
import { TenantShell } from './pages/tenant-shell.ts';
import { dialog, expectToast, PHONE, pickOption, runId, selectOf, snap } from './pages/ui.ts';

/**
 * The demo church the server creates at start (DEMO=auto): its approved sender ID 'GraceChurch',
 * its SMS units and its group tree (Departments › Choir › Sopranos has two members with phones).
 */

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

/**
 * Adds the member `name` to a multiple member select (its list stays open after a pick): types
 * `search`, waits for the search's answer, and clicks the member.
 */
async function pickMember(combobox: Locator, name: string, search: string): Promise<void> {
  const page = combobox.page();
  await combobox.click();
  await combobox.fill(search);
  const listId = await combobox.getAttribute('aria-controls');
  const list = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  const option = list.locator(`.ant-select-item-option[title="${name}"]`);
  await option.hover();
  await option.click();
  await expect(selectOf(combobox)).toContainText(name);
}

/** The side menu's highlighted entry (one at most). */
function selectedMenuEntry(shell: TenantShell): Locator {
  return shell.menu.locator('.ant-menu-item-selected');
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

  const shell = await signInAsDemoAdmin(page);

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
  await expect(selectedMenuEntry(shell)).toHaveText('Sent SMS');
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
  await page.setViewportSize(PHONE);
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

/**
 * Finance spec 2.7 and §5: a sender ID is removed from the picker. The administrator requests one
 * (it becomes the chosen sender ID), opens 'Manage' from the keyboard, cancels a first delete
 * ('Delete canceled'), confirms a second one: the success toast, the list reloaded without it,
 * and the choice cleared. At 390 px the picker and its dialog fit the phone.
 */
test('an administrator removes a sender ID from the picker', async ({ page }) => {
  const mask = `Old${String(Date.now()).slice(-6)}`;
  const shell = await signInAsDemoAdmin(page);
  await shell.openFromMenu('Messaging', 'Send SMS');
  const compose = new ComposePage(page);
  const ids = new SenderIdDialogs(page);

  await ids.request(mask);
  await expectToast(
    page,
    'PENDING, Sender id is pending for approval, when it is approved, you will see it among the sender id list',
  );
  await expect(selectOf(compose.sender)).toContainText(mask);

  // 'Manage' from the keyboard: the church's sender IDs with their status
  await ids.manageButton.focus();
  await page.keyboard.press('Enter');
  await expect(ids.manageDialog).toBeVisible();
  await expect(ids.line('GraceChurch')).toContainText('APPROVED');
  await expect(ids.line(mask)).toContainText('PENDING');
  await snap(page, 'messaging-sender-ids');

  // a first delete is cancelled: nothing is removed
  const confirm = dialog(page, 'Confirm delete');
  await ids.deleteButton(mask).focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('Are you sure you want to Delete?');
  await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expectToast(page, 'Delete canceled');
  await expect(confirm).toBeHidden();
  await expect(ids.line(mask)).toBeVisible();

  // the second is confirmed with the keyboard (OK has the focus)
  await ids.deleteButton(mask).focus();
  await page.keyboard.press('Enter');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'OK', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, 'Sender ID deleted');
  await expect(confirm).toBeHidden();
  await expect(ids.line(mask)).toHaveCount(0);
  await expect(ids.line('GraceChurch')).toBeVisible();
  // the dialog keeps the keyboard: Tab lands on one of its buttons
  await page.keyboard.press('Tab');
  await expect(ids.manageDialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(ids.manageDialog).toBeHidden();

  // the removed sender ID was the chosen one: the choice is cleared, and the list no longer offers it
  await expect(selectOf(compose.sender)).not.toContainText(mask);
  await compose.sender.click();
  const listId = await compose.sender.getAttribute('aria-controls');
  const options = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  await expect(options.locator('.ant-select-item-option[title="GraceChurch"]')).toBeVisible();
  await expect(options.locator(`.ant-select-item-option[title="${mask}"]`)).toHaveCount(0);
  await page.keyboard.press('Escape');
  // a sender ID that is not the chosen one is removed without touching the choice
  await pickOption(compose.sender, 'GraceChurch', 'Grace');
  const other = `Tmp${String(Date.now()).slice(-6)}`;
  await ids.request(other);
  await pickOption(compose.sender, 'GraceChurch', 'Grace');
  await ids.manageButton.click();
  await ids.deleteButton(other).click();
  await confirm.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(ids.line(other)).toHaveCount(0);
  // the footer's Close (the corner's × is named Close too)
  await ids.manageDialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close', exact: true }).click();
  await expect(selectOf(compose.sender)).toHaveText('GraceChurch');

  // a phone: the picker's buttons and the dialog fit
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await ids.manageButton.click();
  await expect(ids.deleteButton('GraceChurch')).toBeInViewport();
  await snap(page, 'messaging-phone-sender-ids');
});

/**
 * Issue 9 'Delivery': an e-mail's report sits under 'Sent E-mails' in the side menu (from its link
 * and when opened directly), and a finished message with some failures reads as finished with
 * its failed count in red; the bar turns red only when every recipient failed.
 */
test("an e-mail's report is under Sent E-mails, and failures show beside a finished progress bar", async ({ page }) => {
  test.setTimeout(120_000);
  const id = runId();
  const shell = await signInAsDemoAdmin(page);
  const compose = new ComposePage(page);
  const people = page.getByRole('combobox', { name: 'Select person from membership database' });

  /** E-mails demo members (first-timers have no e-mail address) and opens the report. */
  const email = async (subject: string, members: [string, string][]) => {
    await shell.openFromMenu('Messaging', 'Send E-mail');
    await compose.destination('Select person from membership database').check();
    for (const [name, search] of members) await pickMember(people, name, search);
    await page.keyboard.press('Escape');
    await compose.subject.fill(subject);
    await compose.message.fill('Harvest is on Sunday.');
    await compose.sendNow.click();
    // a member without an address is not queued: the report lists it as failed
    await expect(compose.result).toBeVisible();
    await page.getByRole('button', { name: 'Open the message report' }).click();
    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  };

  // 1. Two members with an address and a first-timer without one: finished, 1 not delivered.
  const subject = `Harvest ${id}`;
  await email(subject, [
    ['Samuel Akande', 'Samu'],
    ['Victor Eze', 'Vict'],
    ['Grace Etim', 'Etim'],
  ]);
  await expect(selectedMenuEntry(shell)).toHaveText('Sent E-mails');
  const progress = page.getByTestId('report-progress');
  await expect(progress).toHaveText('Done: 0 delivered, 2 sent, 1 not delivered', { timeout: 30_000 });
  await expect(progress.getByTestId('failed-count')).toHaveText('1 not delivered');
  const bar = page.getByRole('status').locator('.ant-progress');
  await expect(bar).not.toHaveClass(/ant-progress-status-exception/);
  await expect(bar).toHaveClass(/ant-progress-status-normal/);
  await snap(page, 'messaging-email-report-failures');

  // opened directly (no link state), the report still finds its menu entry once loaded
  await page.reload();
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(selectedMenuEntry(shell)).toHaveText('Sent E-mails');

  // 2. The sent list: the finished row's bar is not red; its failed count is
  await shell.openFromMenu('Messaging', 'Sent E-mails');
  const row = page.locator('tbody tr[data-row-key]').filter({ hasText: subject });
  await expect(row).toContainText('2 sent · 0 delivered · 1 failed');
  await expect(row.getByTestId('failed-count')).toHaveText('1 failed');
  await expect(row.locator('.ant-progress')).not.toHaveClass(/ant-progress-status-exception/);
  await row.click();
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(selectedMenuEntry(shell)).toHaveText('Sent E-mails');

  // 3. Every recipient failed: only then the bar is red
  const none = `Nobody ${id}`;
  await email(none, [['Deborah Nnamdi', 'Debo']]);
  await expect(progress).toHaveText('Done: 0 delivered, 0 sent, 1 not delivered', { timeout: 30_000 });
  await expect(bar).toHaveClass(/ant-progress-status-exception/);
  await shell.openFromMenu('Messaging', 'Sent E-mails');
  const failedRow = page.locator('tbody tr[data-row-key]').filter({ hasText: none });
  await expect(failedRow.locator('.ant-progress')).toHaveClass(/ant-progress-status-exception/);
  // its one recipient had no address: the list says so rather than the internal placeholder
  await expect(failedRow).not.toContainText('(none');

  // 4. A phone: the report and the menu drawer
  await page.setViewportSize(PHONE);
  await row.click();
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(selectedMenuEntry(shell)).toHaveText('Sent E-mails');
  await snap(page, 'messaging-phone-email-report-menu');
});
