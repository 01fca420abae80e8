import { expect, test, type APIRequest, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EventRegistrationPage } from './pages/event-registration-page.ts';
import { SandboxCheckout } from './pages/give-checkout.ts';
import { runId } from './pages/ui.ts';

/*
 * The public event registration (issue 12 'Done when'): the demo church's administrator sets up a
 * registration (through the API; Add Attendance is another part of the issue) with a custom
 * field of entity 4; a visitor on a phone-sized screen registers with two new wards, and is found
 * again by phone the second time (masked, the wards listed from the family); after the cut-off the
 * page is closed; the .ics file of Add to Calendar is downloaded and read.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const DEMO = { email: 'admin@grace.example', password: 'stewardship' };
const CSRF = { 'x-steward-csrf': '1' };
const FLAGS = 'Address=true&Gender=true&Birthday=true&Marital%20Status=true';

test.use({ viewport: PHONE, hasTouch: true });

/** Saves `registration-{name}-390.png` and `-1366.png` in E2E_SHOTS (nothing when unset); no assertion depends on them. */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `registration-${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** An API client signed in as the demo church's administrator (not the visitor's browser). */
async function adminApi(playwright: { request: APIRequest }, baseURL: string): Promise<APIRequestContext> {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: CSRF });
  const res = await api.post('/login', { data: { userName: DEMO.email, password: DEMO.password } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 19) + 'Z';

/** The id of the account `text` ('4000 - Offering') of the picker list at `url`. */
async function accountId(api: APIRequestContext, url: string, text: string): Promise<string> {
  const list = await json<{ id: string; text: string }[]>(await api.get(url));
  const found = list.find((a) => a.text === text);
  expect(found, `${text} is offered by ${url}`).toBeDefined();
  return found!.id;
}

/** The fields of a paid set-up: a fee of 2,500 per person into 4000 - Offering / 1000 - Cash. */
async function paidFields(api: APIRequestContext, id: string): Promise<Record<string, string>> {
  return {
    isPaidFor: 'true',
    amount: '2500',
    bankCode: '058',
    accountNumber: '0123456789',
    accountName: 'GRACE CHAPEL',
    contributionItemName: `Camp fee ${id}`,
    incomeAccountId: await accountId(api, '/api/Financials/Accounts/GetIncomeAccounts', '4000 - Offering'),
    cashAccountId: await accountId(api, '/api/financials/accounts/getcashbankaccounts', '1000 - Cash'),
  };
}

/**
 * A registration for a new event in 3 days, 10 places, cut-off in 2 days, and a registration
 * question; free, or with a fee of 2,500 per person when `paid`.
 */
async function setUpRegistration(api: APIRequestContext, id: string, paid = false) {
  const group = await json<{ id: string; name: string }>(
    await api.post('/api/CreateGroup', { data: { name: `Youth ${id}`, description: '' } }),
  );
  const question = `T-shirt size (${id})`;
  const field = await api.post('/api/CustomFields/SaveCustomFields', {
    data: {
      entityType: 'EventRegistrationForm',
      label: question,
      parameterValues: 'S,M,L',
      controlType: 'DropdownList',
    },
  });
  expect(field.ok(), await field.text()).toBe(true);
  const eventName = `Youth Camp ${id}`;
  const categories = await json<{ id: string; name: string }[]>(
    await api.post(`/api/EventCategory?name=${encodeURIComponent(eventName)}`),
  );
  const category = categories.find((c) => c.name === eventName)!;
  const day = new Date(Date.now() + 3 * 86_400_000);
  const created = await json<{ currentEvent: { id: string } }>(
    await api.post('/api/Events/CreateActivity', {
      data: {
        activity: { date: `${day.getMonth() + 1}-${day.getDate()}-${day.getFullYear()}`, eventCategoryId: category.id },
      },
    }),
  );
  const setup = await json<{ returnObject: { checkInAttendanceResult: { id: string; attendanceCode: string }[] } }>(
    await api.post('/api/CheckInAttendance/CreateAttendanceCheckIn', {
      multipart: {
        activityId: created.currentEvent.id,
        groupIDs: JSON.stringify([group]),
        details: 'Three days of worship, games and teaching.',
        registrationSlot: '10',
        registrationCutOffTime: isoMinute(Date.now() + 2 * 86_400_000),
        checkInCutOffTime: isoMinute(Date.now() + 4 * 86_400_000),
        enableRegistration: 'true',
        ...(paid ? await paidFields(api, id) : { isPaidFor: 'false' }),
      },
    }),
  );
  const [first] = setup.returnObject.checkInAttendanceResult;
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  const dd = String(day.getDate()).padStart(2, '0');
  return {
    ...first!,
    eventName,
    question,
    ymd: `${day.getFullYear()}${mm}${dd}`,
    day: `${mm}/${dd}/${day.getFullYear()}`,
  };
}

/** The names registered for set-up `id` (the attendance report's registered rows). */
async function registered(api: APIRequestContext, id: string): Promise<string[]> {
  const report = await json<{ peopoleAttendancesDTOs: { name: string; isRegistered: boolean }[] }>(
    await api.get(`/api/CheckInAttendance/AttendanceReport?id=${id}`),
  );
  return report.peopoleAttendancesDTOs
    .filter((p) => p.isRegistered)
    .map((p) => p.name)
    .sort();
}

test('a visitor registers with two wards and a custom field, and is found again by phone', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const id = runId();
  const setup = await setUpRegistration(api, id);
  const phone = `0807${String(Date.now()).slice(-7)}`;
  const surname = `Obi${id.slice(-4)}`;
  const reg = new EventRegistrationPage(page);
  const sent: { customAttributeData?: { data: string }[] }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/EventRegistration')
      sent.push(r.postDataJSON() as { customAttributeData?: { data: string }[] });
  });

  await reg.goto(setup.attendanceCode, FLAGS);
  await reg.expectEvent(setup.eventName, setup.day);
  await expect(page.getByRole('heading', { name: 'Add to Calendar' })).toBeVisible();
  await shots(page, 'start');

  // an empty phone: the missing-phone state, no request
  await reg.phone.focus();
  await reg.phone.blur();
  await expect(page.getByText('Please enter your phone number')).toBeVisible();

  await reg.enterPhone(phone);
  await reg.expectNotFound();
  await expect(reg.confirmButton).toBeDisabled();
  await reg.name.fill(`Ada ${surname}`);
  await reg.email.fill(`ada.${id}@example.org`);
  await reg.address.fill('12 Church Road');
  await reg.choose('Birthday day', '14');
  await reg.choose('Birthday month', 'March');
  await reg.choose('Gender', 'Female');
  await reg.choose(setup.question, 'M');
  await reg.familyBox.check();
  await expect(page.getByText('When you add wards, they will show up here')).toBeVisible();
  await reg.addWard(`Tobi ${surname}`, 'Son');
  await reg.addWard(`Kemi ${surname}`, 'Daughter');
  expect(await reg.wardRows()).toEqual([
    { name: `Tobi ${surname}`, role: 'Son', ticked: true },
    { name: `Kemi ${surname}`, role: 'Daughter', ticked: true },
  ]);
  await shots(page, 'new');
  await reg.confirmAndClose();
  await expect(reg.phone).toHaveValue('');

  expect(await registered(api, setup.id)).toEqual([`Ada ${surname}`, `Kemi ${surname}`, `Tobi ${surname}`].sort());
  // the registrant's answer to the registration question went with the registration
  const [mine] = sent.filter((b) => Array.isArray(b.customAttributeData));
  expect(mine?.customAttributeData).toEqual([expect.objectContaining({ data: 'M' })]);
  expect(sent.filter((b) => !b.customAttributeData)).toHaveLength(2);

  // the second time: found by phone, masked and locked, the wards listed from the family
  await reg.enterPhone(phone);
  await reg.expectFound();
  await expect(reg.name).toHaveAttribute('readonly', '');
  await expect(reg.name).not.toHaveValue(`Ada ${surname}`);
  await expect(reg.email).toHaveAttribute('readonly', '');
  await reg.familyBox.check();
  // the public family call names the wards masked, with their roles (§5.1 reads person.firstName)
  await expect
    .poll(async () => (await reg.wardRows()).map((w) => `${w.name.split(' ')[0]} ${w.role} ${w.ticked}`).sort())
    .toEqual(['Ke** Daughter false', 'To** Son false']);
  await reg.tickWard((await reg.wardRows())[0]!.name);
  const html = await page.content();
  expect(html).not.toContain(`ada.${id}@example.org`);
  await shots(page, 'found');
  await reg.confirmAndClose();
  // registered twice = one registration each
  expect(await registered(api, setup.id)).toEqual([`Ada ${surname}`, `Kemi ${surname}`, `Tobi ${surname}`].sort());

  // 'Not Me' clears the person
  await reg.enterPhone(phone);
  await reg.expectFound();
  await reg.notMeButton.click();
  await expect(reg.phone).toHaveValue('');
  await expect(reg.name).toHaveCount(0);
  await api.dispose();
});

test('Add to Calendar downloads the event as an .ics file', async ({ page, playwright, baseURL }) => {
  const api = await adminApi(playwright, baseURL!);
  const setup = await setUpRegistration(api, runId());
  const reg = new EventRegistrationPage(page);
  await reg.goto(setup.attendanceCode);
  await reg.expectEvent(setup.eventName, setup.day);

  const google = page.getByRole('link', { name: 'Google Calendar' });
  const href = new URL((await google.getAttribute('href'))!);
  expect(href.searchParams.get('text')).toBe(setup.eventName);
  expect(href.searchParams.get('dates')?.startsWith(setup.ymd)).toBe(true);
  expect(href.searchParams.get('details')).toContain(`/event/${setup.attendanceCode}`);
  await expect(page.getByRole('link', { name: 'Outlook' })).toHaveAttribute('href', /outlook\.live\.com/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Calendar file (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text).toContain('BEGIN:VEVENT');
  expect(text.replace(/\r?\n[ \t]/g, '')).toContain(`SUMMARY:${setup.eventName}`);
  expect(text).toContain(setup.ymd);
  expect(text).toContain('END:VCALENDAR');
  await api.dispose();
});

test('after the cut-off the page is closed: no phone entry, no register buttons', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const setup = await setUpRegistration(api, runId());
  const edited = await api.put('/api/CheckInAttendance/EditAttendanceCheckIn', {
    multipart: { Id: setup.id, registrationCutOffTime: isoMinute(Date.now() - 60_000) },
  });
  expect(edited.ok(), await edited.text()).toBe(true);
  const reg = new EventRegistrationPage(page);
  await reg.goto(setup.attendanceCode, FLAGS);
  await reg.expectEvent(setup.eventName, setup.day);
  await reg.expectClosed();
  await shots(page, 'closed');
  await api.dispose();
});

test('a paid registration with a ward goes through the sandbox checkout; a cancelled one says so', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await adminApi(playwright, baseURL!);
  const id = runId();
  const setup = await setUpRegistration(api, id, true);
  const surname = `Eze${id.slice(-4)}`;
  const reg = new EventRegistrationPage(page);
  await reg.goto(setup.attendanceCode);
  await reg.expectEvent(setup.eventName, setup.day);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('₦2,500.00');

  await reg.enterPhone(`0806${String(Date.now()).slice(-7)}`);
  await reg.expectNotFound();
  await reg.name.fill(`Chidi ${surname}`);
  // paid: the e-mail is needed too
  await expect(reg.payButton).toBeDisabled();
  await reg.email.fill(`chidi.${id}@example.org`);
  await reg.choose(setup.question, 'L');
  await reg.familyBox.check();
  await reg.addWard(`Ngozi ${surname}`, 'Daughter');
  await expect(page.getByText('Total:')).toContainText('₦5,000.00');
  await reg.payButton.click();
  const methods = page.getByRole('dialog', { name: 'Payment methods' });
  await expect(methods.getByText('Continue payment with')).toBeVisible();
  await methods.getByText('Paystack').click();
  await shots(page, 'payment-methods');
  await methods.getByRole('button', { name: 'Continue' }).click();

  const checkout = new SandboxCheckout(page);
  await checkout.expectShown('Paystack', '₦5,000.00');
  await page.getByRole('button', { name: 'Succeed' }).click();
  await page.waitForURL(/\/event\//);
  const done = page.getByRole('dialog', { name: 'Registration Successful!' });
  await expect(done).toContainText('You have registered for this event successfully!');
  await shots(page, 'paid');
  await done.getByRole('button', { name: 'OK' }).click();
  expect(await registered(api, setup.id)).toEqual([`Chidi ${surname}`, `Ngozi ${surname}`].sort());

  // another visitor abandons the checkout
  await reg.enterPhone(`0805${String(Date.now()).slice(-7)}`);
  await reg.expectNotFound();
  await reg.name.fill(`Bola ${surname}`);
  await reg.email.fill(`bola.${id}@example.org`);
  await reg.payButton.click();
  await methods.getByText('Paystack').click();
  await methods.getByRole('button', { name: 'Continue' }).click();
  await checkout.expectShown('Paystack', '₦2,500.00');
  await page.getByRole('button', { name: 'Abandon' }).click();
  await page.waitForURL(/\/event\//);
  await expect(page.getByText('You have cancelled the transaction')).toBeVisible();
  expect(await registered(api, setup.id)).toEqual([`Chidi ${surname}`, `Ngozi ${surname}`].sort());
  await api.dispose();
});
