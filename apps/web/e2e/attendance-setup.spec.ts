import { expect, test, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import { z } from 'zod';
import { AttendanceCheckinTypePage } from './pages/attendance-checkin-type-page.ts';
import { AttendanceFormPage, TINY_PNG } from './pages/attendance-form-page.ts';
import { AttendanceListPage } from './pages/attendance-list-page.ts';
import { signUpChurch } from './pages/church-setup.ts';
import { dialog, expectToast, pickOption, snap } from './pages/ui.ts';

const CSRF = { 'x-steward-csrf': '1' };

/** GetSingleAttendanceCheckIn, as far as this journey reads it. */
const ZDetail = z.object({
  returnObject: z.object({
    attendanceItem: z.object({
      id: z.string(),
      activityId: z.string(),
      fullEventName: z.string(),
      groups: z.array(z.object({ id: z.string(), name: z.string() })),
      details: z.string().nullable(),
      bannerUrl: z.string().nullable(),
      bannerName: z.string().nullable(),
      registrationSlot: z.number().nullable(),
      isPaidFor: z.boolean(),
      checkinSMS: z.string().nullable(),
      registrationEmail: z.string().nullable(),
      registrationEmailSubject: z.string().nullable(),
      checkInCutOffTime: z.string().nullable(),
      registrationCutOffTime: z.string().nullable(),
    }),
  }),
});

async function getSetUp(page: Page, id: string) {
  const res = await page.request.get(`/api/CheckInAttendance/GetSingleAttendanceCheckIn?checkInAttendanceId=${id}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ZDetail.parse(await res.json()).returnObject.attendanceItem;
}

async function listTotal(page: Page): Promise<number> {
  const res = await page.request.get('/api/CheckInAttendance/AllCheckInAttendances?page=1');
  expect(res.ok(), await res.text()).toBe(true);
  return z.object({ totalItems: z.number() }).parse(await res.json()).totalItems;
}

/** The clipboard's text, as the page reads it (permission granted to the context). */
function readClipboard(page: Page): Promise<string> {
  return page.evaluate('navigator.clipboard.readText()') as Promise<string>;
}

/** Nothing on the page is wider than the viewport (a phone never scrolls sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  await expect.poll(() => page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(width);
}

/**
 * Issue 11 'Admin' (giving-attendance spec 2.9, 2.10; existing-client-api §4.1): an administrator
 * of a new church sets up an attendance for two groups (a new event and a new group made on the
 * way) with a banner, a check-in SMS, a registration e-mail and a check-in cut-off; lands on the
 * check-in type page (links copied, QR codes shown); sees it in the list (links, search, the
 * public check-in page in a new tab); edits it; and deletes a second set-up after confirming.
 */
test('an administrator sets up, finds, edits and deletes attendances', async ({ page, context, baseURL }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const eventDay = dayjs().add(7, 'day');
  const eventUs = eventDay.format('MM/DD/YYYY');
  const category = `Youth Camp ${Date.now().toString(36).slice(-4)}`;

  // 1. A new church with one group; the list invites to set up the first attendance.
  const { shell } = await signUpChurch(page, {
    churchName: 'Hope Chapel',
    firstName: 'Tunde',
    lastName: 'Bello',
    emailPrefix: 'admin',
    emailDomain: 'hope.example',
    phone: '+2348035550101',
  });
  const made = await page.request.post('/api/CreateGroup', {
    data: { name: 'Choir', description: 'Sings on Sundays' },
    headers: CSRF,
  });
  expect(made.ok(), await made.text()).toBe(true);
  await shell.openFromMenu('Attendance', 'Attendance & Check-in');
  const list = new AttendanceListPage(page);
  await list.expectShown();
  await expect(list.emptyText()).toBeVisible();
  await snap(page, 'attendance-list-empty');

  // 2. Add Attendance: 'Save and Continue' waits for an event and a group (spec §5).
  await list.addButton.click();
  await expect(page).toHaveURL(/\/tenant\/addattendancecheckin$/);
  // the menu keeps 'Attendance & Check-in' selected on /tenant/addattendancecheckin (an alias)
  await expect(shell.menu.locator('.ant-menu-item-selected')).toHaveText('Attendance & Check-in');
  const form = new AttendanceFormPage(page);
  await form.expectCreate();
  await expect(form.saveButton).toBeDisabled();
  await expect(form.more).toHaveAttribute('aria-expanded', 'false');
  await expect(form.main.getByRole('tab', { name: 'Free' })).toHaveAttribute('aria-selected', 'true');

  // The event is made on the way: a new category, then the event (the offering screens' dialog).
  await form.createEvent(category, eventUs);
  await expectToast(page, 'Category created successfully');
  await expectToast(page, 'Event created successfully');
  await expect(form.eventValue()).toHaveText(`${category} · ${eventUs}`);
  await expect(form.saveButton).toBeDisabled();

  // Two groups: one found by the search, one made with 'Add new group'. The field shows both names.
  await form.tickGroup('Choir');
  await expect(form.saveButton).toBeEnabled();
  await form.addGroup('Children Church');
  await expectToast(page, 'Group created successfully');
  await form.tickGroup('Children Church');
  await snap(page, 'attendance-form-groups');
  await form.closeGroups();
  await expect(form.groups).toHaveText('Children Church, Choir');

  // 'More': banner, its name, details, slot.
  await form.chooseBanner('camp.png', TINY_PNG);
  await form.field('Banner name').fill('Camp 2026');
  await form.field('Event Details').fill('Three days of worship and games at the camp ground.');
  await expect(form.field('Slot')).toHaveAttribute('placeholder', 'slot available');
  await form.field('Slot').fill('120');

  // Messages and the check-in cut-off.
  await form.openTab('SMS');
  await form
    .pane('Checkin')
    .getByRole('textbox', { name: 'Checkin SMS', exact: true })
    .fill('Welcome to camp! You are checked in.');
  await expect(form.pane('Checkin').getByText('36 characters · 1 SMS')).toBeVisible();
  await form.openTab('Email');
  await form
    .pane('Registration')
    .getByRole('textbox', { name: 'Registration e-mail subject' })
    .fill('You are registered');
  await form
    .pane('Registration')
    .getByRole('textbox', { name: 'Registration e-mail', exact: true })
    .fill('See you at camp.');
  await form.setCutOff('Checkin', `${eventUs} 11:30 AM`);
  await snap(page, 'attendance-form-filled');
  await form.save();
  await expectToast(page, 'Attendance created successfully');

  // 3. The check-in type page, with the query of route CheckinType.
  const type = new AttendanceCheckinTypePage(page);
  await type.expectShown();
  const q = type.query();
  const id = q.get('id')!;
  const code = q.get('code')!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(code).toBeTruthy();
  expect(q.get('activityName')).toBe(category);
  expect(q.get('groupName')).toBe('Children Church, Choir');
  expect(q.get('activityID')).toMatch(/^[0-9a-f-]{36}$/);
  expect(q.get('groupId')).toMatch(/^[0-9a-f-]{36}$/);
  await expect(type.eventName).toHaveText(category);
  await expect(type.summary('Date')).toHaveText(eventUs);
  await expect(type.summary('Groups')).toHaveText('Children Church, Choir');
  await expect(type.summary('Check-in closes')).toHaveText(`${eventUs} 11:30 AM`);
  await expect(type.checkinLink).toHaveValue(`${baseURL}/checkin/e/${code}`);
  await expect(type.registrationLink).toHaveValue(`${baseURL}/event/${code}`);
  await type.copyCheckin.click();
  await expectToast(page, 'Link Copied');
  expect(await readClipboard(page)).toBe(`${baseURL}/checkin/e/${code}`);
  for (const qr of [type.checkinQr, type.registrationQr]) {
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
  }
  await snap(page, 'attendance-checkin-type');

  // What was saved.
  const saved = await getSetUp(page, id);
  expect(saved.fullEventName).toBe(category);
  expect(saved.groups.map((g) => g.name).sort()).toEqual(['Children Church', 'Choir']);
  expect(saved.details).toBe('Three days of worship and games at the camp ground.');
  expect(saved.registrationSlot).toBe(120);
  expect(saved.isPaidFor).toBe(false);
  expect(saved.bannerUrl).toBeTruthy();
  expect(saved.bannerName).toBe('Camp 2026');
  expect(saved.checkinSMS).toBe('Welcome to camp! You are checked in.');
  expect(saved.registrationEmailSubject).toBe('You are registered');
  expect(saved.registrationEmail).toBe('See you at camp.');
  expect(dayjs(saved.checkInCutOffTime).format('MM/DD/YYYY hh:mm A')).toBe(`${eventUs} 11:30 AM`);
  expect(saved.registrationCutOffTime).toBeNull();

  // 4. The list: the set-up's row, its links, its Checkin menu and the search.
  await page.getByRole('link', { name: 'Attendance & Check-in' }).first().click();
  await list.expectShown();
  await expect(list.row(id)).toBeVisible();
  expect(await list.cells(id)).toEqual([category, eventUs, 'Children Church, Choir']);
  await list
    .row(id)
    .getByRole('link', { name: `Groups of ${category}: Children Church, Choir` })
    .click();
  await type.expectShown();
  expect(type.query().get('id')).toBe(id);
  await page.goBack();
  await list.expectShown();
  const [checkinTab] = await Promise.all([context.waitForEvent('page'), list.rowAction(id, 'Checkin')]);
  await expect.poll(() => checkinTab.url()).toMatch(new RegExp(`/checkin/e/${code}$`));
  await checkinTab.close();
  await list.searchFor('no such event');
  await expect(page.getByText("No attendance matches 'no such event'")).toBeVisible();
  await list.searchFor(category.slice(0, 8).toLowerCase());
  await expect(list.row(id)).toBeVisible();
  await list.searchFor('');

  // 5. Edit: prefilled; a group removed, the SMS changed, registration given a cut-off.
  await list.rowAction(id, 'Edit');
  await form.expectEdit(id);
  await expect(form.groups).toHaveText('Children Church, Choir');
  await expect(form.eventValue()).toHaveText(`${category} · ${eventUs}`);
  await form.openMore();
  await expect(form.field('Slot')).toHaveValue('120');
  await expect(form.field('Banner name')).toHaveValue('Camp 2026');
  await form.tickGroup('Choir', false);
  await form.closeGroups();
  await expect(form.groups).toHaveText('Children Church');
  await form.openTab('SMS');
  const sms = form.pane('Checkin').getByRole('textbox', { name: 'Checkin SMS', exact: true });
  await expect(sms).toHaveValue('Welcome to camp! You are checked in.');
  await sms.fill('Welcome, you are in!');
  await form.setCutOff('Registration', `${eventDay.subtract(1, 'day').format('MM/DD/YYYY')} 06:00 PM`);
  await form.save();
  await expectToast(page, 'Attendance updated successfully');
  await type.expectShown();
  expect(type.query().get('id')).toBe(id);
  await expect(type.summary('Groups')).toHaveText('Children Church');
  const edited = await getSetUp(page, id);
  expect(edited.groups.map((g) => g.name)).toEqual(['Children Church']);
  expect(edited.checkinSMS).toBe('Welcome, you are in!');
  expect(edited.registrationSlot).toBe(120);
  expect(edited.bannerUrl).toBe(saved.bannerUrl);
  expect(dayjs(edited.registrationCutOffTime).format('hh:mm A')).toBe('06:00 PM');

  // 6. A second set-up of the same event, made through the API, is deleted after confirming.
  const second = await page.request.post('/api/CheckInAttendance/CreateAttendanceCheckIn', {
    headers: CSRF,
    multipart: {
      activityId: edited.activityId,
      groupIDs: JSON.stringify(edited.groups),
      isPaidFor: 'false',
      enableRegistration: 'true',
    },
  });
  expect(second.ok(), await second.text()).toBe(true);
  const secondId = z
    .object({ returnObject: z.object({ checkInAttendanceResult: z.array(z.object({ id: z.string() })) }) })
    .parse(await second.json()).returnObject.checkInAttendanceResult[0]!.id;
  await list.goto();
  await expect(list.rows()).toHaveCount(2);
  await expect(list.deleteSelected).toHaveCount(0);
  await list.tick(secondId);
  await list.deleteSelected.hover();
  await expect(page.getByRole('tooltip', { name: 'Delete attendance(s)' })).toBeVisible();
  await snap(page, 'attendance-list-selected');
  await list.deleteSelected.click();
  const confirm = dialog(page, 'Confirm delete');
  await expect(confirm).toContainText('Are you sure you want to proceed?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expectToast(page, 'You have rejected');
  await expect(confirm).toBeHidden();
  await expect(list.row(secondId)).toBeVisible();
  expect(await listTotal(page)).toBe(2);
  await list.deleteSelected.click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expectToast(page, 'Attendance(s) deleted successfully.');
  await expect(list.row(secondId)).toHaveCount(0);
  await expect(list.row(id)).toBeVisible();
  expect(await listTotal(page)).toBe(1);

  // 7. On a phone: the list, the form and the check-in type page fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await list.goto();
  await expect(list.row(id)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await snap(page, 'attendance-list-phone');
  await list.row(id).getByRole('link', { name: category }).click();
  await type.expectShown();
  await expectNoSidewaysScroll(page);
  await snap(page, 'attendance-checkin-type-phone');
  await type.editButton.click();
  await form.expectEdit(id);
  await expect(form.groups).toHaveText('Children Church');
  await expectNoSidewaysScroll(page);
  await snap(page, 'attendance-form-phone');
});

/**
 * Spec 2.9 Paid tab, §5, §8: the account number is checked when it loses focus (a number the
 * provider refuses gives 'Account Check Error, Please check your banks details again'; a good one
 * fills the read-only Account Name); the fee, bank and accounts are saved, and the edit screen
 * opens on Paid with them.
 */
test('a paid attendance checks the bank account and keeps the fee', async ({ page }) => {
  test.setTimeout(180_000);
  const eventDay = dayjs().add(14, 'day');
  await signUpChurch(page, {
    churchName: 'Mercy Hall',
    firstName: 'Ada',
    lastName: 'Obi',
    emailPrefix: 'admin',
    emailDomain: 'mercy.example',
    phone: '+2348035550202',
  });
  const group = await page.request.post('/api/CreateGroup', {
    data: { name: 'Youth', description: '' },
    headers: CSRF,
  });
  expect(group.ok(), await group.text()).toBe(true);
  const categories = await page.request.post('/api/EventCategory?name=Retreat', { headers: CSRF });
  expect(categories.ok(), await categories.text()).toBe(true);
  const categoryId = z
    .array(z.object({ id: z.string(), name: z.string() }))
    .parse(await categories.json())
    .find((c) => c.name === 'Retreat')!.id;
  const made = await page.request.post('/api/Events/CreateActivity', {
    data: { activity: { date: eventDay.format('YYYY-MM-DD'), eventCategoryId: categoryId } },
    headers: CSRF,
  });
  expect(made.ok(), await made.text()).toBe(true);

  await page.goto('/tenant/attendancecheckin/add');
  const form = new AttendanceFormPage(page);
  await form.expectCreate();
  await pickOption(form.event, `Retreat · ${eventDay.format('MM/DD/YYYY')}`);
  await form.tickGroup('Youth');
  await form.closeGroups();
  await form.openTab('Paid');
  await form.field('Amount').fill('2500');
  await pickOption(form.main.getByRole('combobox', { name: 'Bank' }), 'Guaranty Trust Bank', 'Guaranty');
  // the local provider sandbox refuses numbers ending in 0000
  await form.field('Account Number').fill('0123450000');
  await form.field('Account Number').blur();
  await expectToast(page, 'Account Check Error, Please check your banks details again');
  await expect(form.field('Account Name')).toHaveValue('');
  await form.field('Account Number').fill('0123456789');
  await form.field('Account Number').blur();
  await expectToast(page, 'Account Check Successful');
  await expect(form.field('Account Name')).not.toHaveValue('');
  await expect(form.field('Account Name')).toHaveAttribute('readonly', '');
  const holder = await form.field('Account Name').inputValue();
  await pickOption(form.main.getByRole('combobox', { name: 'Income Account' }), '4000 - Offering', '4000');
  await pickOption(form.main.getByRole('combobox', { name: 'Cash Account' }), '1000 - Cash', '1000');
  await snap(page, 'attendance-form-paid');
  await form.save();
  await expectToast(page, 'Attendance created successfully');
  const type = new AttendanceCheckinTypePage(page);
  await type.expectShown();
  await expect(type.page.getByRole('region', { name: 'Event' }).getByText('Paid', { exact: true })).toBeVisible();
  const id = type.query().get('id')!;

  const saved = await page.request.get(`/api/CheckInAttendance/GetSingleAttendanceCheckIn?checkInAttendanceId=${id}`);
  const item = z
    .object({
      returnObject: z.object({
        attendanceItem: z.object({
          isPaidFor: z.boolean(),
          amount: z.number().nullable(),
          bankCode: z.string().nullable(),
          accountNumber: z.string().nullable(),
          accountName: z.string().nullable(),
          paymentFormId: z.string().nullable(),
          contributionItemName: z.string().nullable(),
        }),
      }),
    })
    .parse(await saved.json()).returnObject.attendanceItem;
  expect(item).toMatchObject({ isPaidFor: true, amount: 2500, accountNumber: '0123456789', accountName: holder });
  expect(item.contributionItemName).toBe('Retreat');
  expect(item.paymentFormId).toBeTruthy();

  // the edit screen opens on Paid, with the account as saved (no new check needed)
  await type.editButton.click();
  await form.expectEdit(id);
  await expect(form.main.getByRole('tab', { name: 'Paid' })).toHaveAttribute('aria-selected', 'true');
  await expect(form.field('Amount')).toHaveValue('2500.00');
  await expect(form.field('Account Name')).toHaveValue(holder);
  await form.save();
  await expectToast(page, 'Attendance updated successfully');
  await type.expectShown();
});
