import { expect, test, type Locator, type Page } from '@playwright/test';
import { wav } from '../../server/test/fixtures/wav.ts';
import { signUpChurch } from './pages/church-setup.ts';
import { GroupTreePicker } from './pages/groups-page.ts';
import { signInAsDemoAdmin } from './pages/sign-in-page.ts';
import { dialog, expectToast, PHONE, pickOption, snap, toast } from './pages/ui.ts';

/*
 * Issue 9, finance spec 2.7, 2.9 and giving spec 2.17: a new church requests a sender ID from
 * the 'Request Sender ID' modal (the rule checked on blur and on submit, the PENDING toast), then
 * creates an Sms, an Email and a Voice default message (a real WAV file), sees them in the list
 * with the 18-character cut and its tooltip, edits one, opens Send SMS, deletes one (Cancel, then
 * OK), and the list and the form fit a 390 px phone.
 */

const RULE =
  'Should not contain any special characters AND Should not be less than 3 characters and more than 11 characters';
const PENDING =
  'PENDING, Sender id is pending for approval, when it is approved, you will see it among the sender id list';
const FILL_ALL = 'Kindly fill in all fields before saving';
const CREATED = 'Default Message Created successfully';
const UPDATED = 'Default Message Updated successfully';
const SMS_TEXT = 'Happy birthday from all of us at Grace Church!';
const EMAIL_TEXT = 'Thank you for worshipping with us today. We would love to see you again on Sunday.';

/** The Default Messages list (/tenant/settings/defaultmessage). */
class DefaultMessagesList {
  readonly heading: Locator;
  readonly add: Locator;
  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Default Messages', level: 1 });
    this.add = page
      .getByRole('link', { name: 'Add Default Message' })
      .or(page.getByRole('button', { name: 'Add Default Message' }));
  }
  async expectShown(): Promise<void> {
    await expect(this.page).toHaveURL(/\/tenant\/settings\/defaultmessage$/);
    await expect(this.heading).toBeVisible();
  }
  rows(): Locator {
    return this.page.locator('tr.ant-table-row');
  }
  row(text: string): Locator {
    return this.rows().filter({ hasText: text });
  }
  async cells(text: string): Promise<string[]> {
    return (await this.row(text).locator('td').allInnerTexts()).map((t) => t.trim());
  }
  async action(rowText: string, action: string): Promise<void> {
    await this.row(rowText)
      .getByRole('button', { name: /^Actions for / })
      .click();
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
  }
}

/** The create/edit page (/tenant/settings/adddefaultmessage[?messageId=]). */
class DefaultMessageForm {
  constructor(readonly page: Page) {}
  field(label: string): Locator {
    return this.page.getByLabel(label, { exact: true });
  }
  async choose(label: string, option: string): Promise<void> {
    await pickOption(this.page.getByRole('combobox', { name: label, exact: true }), option);
  }
  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save', exact: true }).click();
  }
}

test('sender ID request and Sms, Email and Voice default messages: create, list, edit, delete', async ({ page }) => {
  test.setTimeout(180_000);
  const { shell } = await signUpChurch(page, {
    churchName: 'Grace Church',
    firstName: 'Ada',
    lastName: 'Obi',
    emailPrefix: 'messages',
    emailDomain: 'grace.example',
    phone: '+2348031234567',
  });
  await shell.openFromMenu('Settings', 'Default Messages');
  const list = new DefaultMessagesList(page);
  await list.expectShown();
  await expect(page.getByText("You haven't added any default message yet")).toBeVisible();

  await list.add.first().click();
  await expect(page).toHaveURL(/\/tenant\/settings\/adddefaultmessage$/);
  await expect(page.getByRole('heading', { name: 'Add Default Message', level: 1 })).toBeVisible();
  const form = new DefaultMessageForm(page);

  // Nothing chosen: the spec's warning, and nothing is sent.
  await form.save();
  await expectToast(page, FILL_ALL);
  await expect(page).toHaveURL(/adddefaultmessage$/);

  // Sms: the subject is a sender ID, requested here.
  await form.choose('Category', 'Birthday');
  await form.choose('Type', 'Sms');
  let requests = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && /\/RequestSenderID$/i.test(r.url())) requests += 1;
  });
  await page.getByRole('button', { name: 'Request Sender ID' }).click();
  const modal = dialog(page, 'Request Sender ID');
  const maskInput = modal.getByPlaceholder('Enter sender id');
  await maskInput.fill('ab');
  await maskInput.blur();
  await expect(modal.getByText(RULE)).toBeVisible();
  await maskInput.fill('Grace Church!');
  await modal.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(modal.getByText(RULE)).toBeVisible();
  await snap(page, 'sender-id-request-refused');
  await maskInput.fill('GraceChurch');
  await expect(modal.getByText(RULE)).toBeHidden();
  // the rule is checked in the browser: nothing was sent yet; Enter requests, once
  expect(requests).toBe(0);
  await maskInput.press('Enter');
  await expectToast(page, PENDING);
  await expect(modal).toBeHidden();
  expect(requests).toBe(1);
  // the list was reloaded and the requested mask chosen
  const subject = page.getByRole('combobox', { name: 'Subject', exact: true });
  await expect(page.locator('.ant-select').filter({ has: subject })).toContainText('GraceChurch');
  await expect(page.getByText('GraceChurch is pending: SMS can be sent from it once it is approved.')).toBeVisible();
  await subject.click();
  await expect(page.locator('.ant-select-item-option[title="GraceChurch"]')).toContainText('PENDING');
  await page.keyboard.press('Escape');
  await form.save();
  await expectToast(page, FILL_ALL);
  await form.field('Message').fill(SMS_TEXT);
  await snap(page, 'default-message-sms');
  await form.save();
  await expectToast(page, CREATED);
  await list.expectShown();

  // Email.
  await list.add.first().click();
  await form.choose('Category', 'First Timer Welcome');
  await form.choose('Type', 'Email');
  await form.field('Subject').fill('Welcome to Grace Church');
  await form.field('Message').fill(EMAIL_TEXT);
  await form.save();
  await expectToast(page, CREATED);
  await list.expectShown();

  // Voice: no message, an audio file instead.
  await list.add.first().click();
  await form.choose('Category', 'Default Welcome');
  await form.choose('Type', 'Voice');
  await expect(form.field('Message')).toHaveCount(0);
  await form.save();
  await expectToast(page, FILL_ALL);
  await page.locator('input[type="file"]').setInputFiles({ name: 'welcome.wav', mimeType: 'audio/wav', buffer: wav() });
  await expect(page.getByTestId('voice-file-name')).toHaveText('welcome.wav');
  await snap(page, 'default-message-voice');
  await form.save();
  await expectToast(page, CREATED);
  await list.expectShown();

  // The list: newest first, texts over 17 characters cut to 18 with an ellipsis and a tooltip.
  await expect(list.rows()).toHaveCount(3);
  await expect(page.getByRole('columnheader')).toHaveText(['Message', 'Subject', 'Category', 'Type', 'Actions']);
  expect(await list.cells('Voice recording')).toEqual(['Voice recording', '—', 'Default Welcome', 'Voice', '']);
  expect(await list.cells('Welcome to Grace C…')).toEqual([
    'Thank you for wors…',
    'Welcome to Grace C…',
    'First Timer Welcome',
    'Email',
    '',
  ]);
  expect(await list.cells('Happy birthday fro…')).toEqual([
    'Happy birthday fro…',
    'GraceChurch',
    'Birthday',
    'Sms',
    '',
  ]);
  await list.row('Happy birthday fro…').getByText('Happy birthday fro…').hover();
  await expect(page.getByRole('tooltip')).toHaveText(SMS_TEXT);
  await snap(page, 'default-messages-list');

  // Edit the Email one from its menu: the form opens filled in.
  await list.action('Welcome to Grace C…', 'Edit');
  await expect(page).toHaveURL(/\/tenant\/settings\/adddefaultmessage\?messageId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Edit Default Message', level: 1 })).toBeVisible();
  await expect(form.field('Subject')).toHaveValue('Welcome to Grace Church');
  await expect(form.field('Message')).toHaveValue(EMAIL_TEXT);
  await form.field('Subject').fill('Welcome home');
  await form.save();
  await expectToast(page, UPDATED);
  await list.expectShown();
  await expect(list.row('Welcome home')).toHaveCount(1);
  expect((await list.cells('Welcome home'))[1]).toBe('Welcome home');

  // The Voice one plays its saved recording, served back byte for byte.
  await list.row('Voice recording').click();
  await expect(page).toHaveURL(/messageId=/);
  const player = page.getByLabel('Saved recording');
  await expect(player).toBeVisible();
  const src = await player.getAttribute('src');
  const audio = await page.request.get(src!);
  expect(audio.headers()['content-type']).toContain('audio/wav');
  expect(Buffer.from(await audio.body()).equals(wav())).toBe(true);
  await page.getByRole('button', { name: 'Discard' }).click();
  await list.expectShown();

  // Send SMS opens the compose page with the message's id.
  await list.action('Happy birthday fro…', 'Send SMS');
  await expect(page).toHaveURL(/\/tenant\/sms\/compose\?defaultId=[0-9a-f-]{36}$/);
  await page.goBack();
  await list.expectShown();

  // Delete asks first: Cancel keeps the row, OK deletes it.
  await list.action('Happy birthday fro…', 'Delete');
  let confirm = dialog(page, 'Confirm delete');
  await expect(confirm.getByText('Are you sure you want to proceed?')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'Delete canceled');
  await expect(confirm).toBeHidden();
  await expect(list.rows()).toHaveCount(3);
  await list.action('Happy birthday fro…', 'Delete');
  confirm = dialog(page, 'Confirm delete');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expectToast(page, 'Message Deleted Successfully');
  await expect(list.rows()).toHaveCount(2);
  await expect(list.row('Happy birthday fro…')).toHaveCount(0);
  await page.reload();
  await expect(list.rows()).toHaveCount(2);
  await expect(toast(page, 'Failed')).toHaveCount(0);

  // A 390 px phone: no sideways scroll; the details fold under each message.
  await page.setViewportSize(PHONE);
  await list.expectShown();
  await expect(page.getByRole('columnheader', { name: 'Subject' })).toHaveCount(0);
  await expect(list.row('Welcome home')).toContainText('First Timer Welcome');
  const fits = () =>
    page.evaluate<boolean>('document.documentElement.scrollWidth <= document.documentElement.clientWidth');
  expect(await fits()).toBe(true);
  await snap(page, 'default-messages-phone');
  await list.action('Welcome home', 'Edit');
  await expect(form.field('Subject')).toHaveValue('Welcome home');
  expect(await fits()).toBe(true);
  await form.choose('Type', 'Sms');
  await expect(page.getByRole('button', { name: 'Request Sender ID' })).toBeVisible();
  expect(await fits()).toBe(true);
  await snap(page, 'default-message-phone');
});

/**
 * The demo church the server creates at start (DEMO=auto): approved sender ID 'GraceChurch', SMS
 * units, default messages (a Birthday Sms from GraceChurch, a Wedding Anniversary Email) and the
 * group tree (Departments › Choir › Sopranos: two members with phones and e-mail addresses).
 */
const DEMO_BIRTHDAY =
  'Happy birthday! The family of Grace Church celebrates you today. May the Lord crown your new year with His goodness (Psalm 65:11).';
const DEMO_ANNIVERSARY_SUBJECT = 'Happy wedding anniversary!';

/** The parts of the compose page (/tenant/sms/compose, /tenant/email/compose) this journey uses. */
class Compose {
  readonly sender: Locator;
  readonly subject: Locator;
  readonly message: Locator;
  readonly sendNow: Locator;
  readonly result: Locator;
  readonly prefilled: Locator;
  constructor(readonly page: Page) {
    this.sender = page.getByRole('combobox', { name: 'Sender ID' });
    this.subject = page.getByRole('textbox', { name: 'Subject' });
    this.message = page.getByRole('textbox', { name: /^(\* )?Message$/ });
    this.sendNow = page.getByRole('button', { name: 'Send now' });
    this.result = page.getByTestId('send-result');
    this.prefilled = page.getByText('Prefilled from a default message', { exact: true });
  }
  /** Ticks 'Select group from database' and the group `name` in the tree. */
  async toGroup(name: string): Promise<void> {
    await this.page
      .getByRole('group', { name: 'Destinations' })
      .getByRole('checkbox', { name: 'Select group from database', exact: true })
      .check();
    const tree = new GroupTreePicker(this.page);
    await expect(tree.item(name)).toBeVisible();
    await tree.checkbox(name).click();
    await tree.expectChecks({ [name]: true });
  }
  /** A value of the answer's table ('Recipients queued', 'Units used', ...). */
  resultValue(label: string): Locator {
    return this.result.locator('th', { hasText: label }).locator('xpath=following-sibling::td[1]');
  }
}

/**
 * Issue 9 'Done when': a default message prefills a compose to a group. The demo administrator
 * opens Default Messages, uses Send SMS on the Birthday Sms: the SMS compose page opens with the
 * message and its sender ID, goes to the Sopranos, and the report reaches Delivered for both.
 * Then Send Email on the Wedding Anniversary Email (the spec sends both menu items to
 * /tenant/sms/compose?defaultId=, which prefills the text); the e-mail twin of that address
 * prefills the subject and the message, goes to the Sopranos, and the report shows both sent.
 */
test('a default Sms and a default Email message prefill a compose that goes to a group', async ({ page }) => {
  test.setTimeout(180_000);
  const shell = await signInAsDemoAdmin(page);
  await shell.openFromMenu('Settings', 'Default Messages');
  const list = new DefaultMessagesList(page);
  await list.expectShown();

  // Send SMS on the Birthday Sms: message and sender ID prefilled.
  await expect(list.row('Happy birthday! Th…')).toContainText('GraceChurch');
  await list.action('Happy birthday! Th…', 'Send SMS');
  await expect(page).toHaveURL(/\/tenant\/sms\/compose\?defaultId=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Send SMS', level: 1 })).toBeVisible();
  const compose = new Compose(page);
  await expect(compose.prefilled).toBeVisible();
  await expect(compose.message).toHaveValue(DEMO_BIRTHDAY);
  await expect(page.locator('.ant-select').filter({ has: compose.sender })).toContainText('GraceChurch');
  await compose.toGroup('Sopranos');
  await expect(page.getByTestId('sms-cost')).toContainText('(1 segment × 2 recipients)');
  await snap(page, 'default-message-sms-compose');
  await compose.sendNow.click();
  await expectToast(page, 'Sending to 2 recipients');
  await expect(compose.resultValue('Recipients queued')).toHaveText('2');
  await expect(compose.resultValue('Units used')).toHaveText('2');
  await page.getByRole('button', { name: 'Open the message report' }).click();
  await expect(page).toHaveURL(/\/tenant\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'SMS from GraceChurch', level: 1 })).toBeVisible();
  await expect(page.getByTestId('report-message')).toHaveText(DEMO_BIRTHDAY);
  const chips = page.getByRole('group', { name: 'Show recipients by status' });
  await expect(chips.getByRole('button', { name: 'Delivered 2' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('report-progress')).toHaveText('Done: 2 delivered, 0 sent, 0 not delivered');
  await expect(page.locator('tbody tr').getByText('Delivered', { exact: true })).toHaveCount(2);
  await snap(page, 'default-message-sms-report');

  // Send Email on the Wedding Anniversary Email: the spec's address, the text prefilled.
  await shell.openFromMenu('Settings', 'Default Messages');
  await list.expectShown();
  await list.action('Happy wedding anni…', 'Send Email');
  await expect(page).toHaveURL(/\/tenant\/sms\/compose\?defaultId=[0-9a-f-]{36}$/);
  await expect(compose.prefilled).toBeVisible();
  await expect(compose.message).toHaveValue(/^Dear friends,\n\nCongratulations on another year of marriage!/);
  const defaultId = new URL(page.url()).searchParams.get('defaultId')!;

  // Its e-mail twin: subject and message prefilled; to the Sopranos.
  await page.goto(`/tenant/email/compose?defaultId=${defaultId}`);
  await expect(page.getByRole('heading', { name: 'Send E-mail', level: 1 })).toBeVisible();
  await expect(compose.prefilled).toBeVisible();
  await expect(compose.subject).toHaveValue(DEMO_ANNIVERSARY_SUBJECT);
  await expect(compose.message).toHaveValue(/^Dear friends,\n\nCongratulations on another year of marriage!/);
  await expect(page.getByTestId('preview-subject')).toHaveText(DEMO_ANNIVERSARY_SUBJECT);
  await compose.toGroup('Sopranos');
  await snap(page, 'default-message-email-compose');
  await compose.sendNow.click();
  await expectToast(page, 'Sending to 2 recipients');
  await expect(compose.resultValue('Recipients queued')).toHaveText('2');
  await page.getByRole('button', { name: 'Open the message report' }).click();
  await expect(page).toHaveURL(/\/tenant\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: DEMO_ANNIVERSARY_SUBJECT, level: 1 })).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="The e-mail as sent"]').getByText(/Congratulations on another year of marriage!/),
  ).toBeVisible();
  // the SMTP capture server accepts them; e-mail has no delivery report, so both end as sent
  await expect(chips.getByRole('button', { name: 'Sent 2' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('report-progress')).toHaveText('Done: 0 delivered, 2 sent, 0 not delivered');
  await expect(page.locator('tbody tr').getByText('Sent', { exact: true })).toHaveCount(2);
  await snap(page, 'default-message-email-report');
});
