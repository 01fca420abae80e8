import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { EventRegistrationAdminPage, RegistrationReport } from './pages/event-registration-admin-page.ts';
import { SandboxCheckout } from './pages/give-checkout.ts';
import { PHONE, runId, snap } from './pages/ui.ts';
import {
  createEventWithSetup,
  createGroups,
  dropdownField,
  isoMinute,
  paidFields,
} from './support/attendance-setup.ts';
import { adminApi, apiClient, json, signInDemoAdmin } from './support/church-api.ts';

/*
 * The church's side of event registration (issue 12 'Admin'): the demo church's administrator
 * has a registration set-up (made through the API) with a registration question; a registrant
 * answers it and registers a ward while the event is free; the event then takes a fee of 2,500
 * (so those two are unpaid) and a visitor pays through the Paystack sandbox. The Event
 * Registration page lists the set-up (places, fee, status; usable at 390 px), its report shows
 * 'Ward of …' and Paid / Unpaid with the amount, and 'Export Registrations' downloads an xlsx
 * whose rows are read back with exceljs.
 */

/** A public registration body of the existing client (existing-client-api §5.1). */
const person = (p: Record<string, string>) => ({
  personId: '',
  homeAddress: '',
  email: '',
  monthOfBirth: '',
  dayOfBirth: '',
  maritalStatusID: '',
  genderID: '',
  yearOfWedding: '',
  monthOfWedding: '',
  dayOfWedding: '',
  ...p,
});

/** The cells of every row of the sheet 'Registrations' (dates as Date, numbers as number). */
async function sheetRows(path: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(readFileSync(path) as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Registrations');
  expect(ws, 'the sheet Registrations').toBeDefined();
  const rows: unknown[][] = [];
  ws!.eachRow((row) => rows.push(Array.from((row.values as unknown[]).slice(1), (v) => v ?? null)));
  return rows;
}

test('an administrator sees the registrations: list, report with a ward and paid/unpaid, xlsx export', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const id = runId();
  const api = await adminApi(playwright, baseURL!);
  const pub = await apiClient(playwright, baseURL!);
  const question = `Meal choice (${id})`;
  await dropdownField(api, 'EventRegistrationForm', question, 'Rice,Yam,Beans');
  const [group] = await createGroups(api, [`Leaders ${id}`]);
  const eventName = `Leaders Retreat ${id}`;
  const setup = await createEventWithSetup(api, eventName, 5, {
    groupIDs: JSON.stringify([group]),
    details: 'Two days for the church leaders.',
    registrationSlot: '10',
    registrationCutOffTime: isoMinute(Date.now() + 3 * 86_400_000),
    enableRegistration: 'true',
    isPaidFor: 'false',
  });
  const details = async () =>
    json<Record<string, unknown>>(
      await pub.get(`/api/publiccontent/WebRegistrationEventDetails?id=${setup.attendanceCode}`),
    );
  const fields = await json<{ id: string; label: string }[]>(await api.get('/api/CustomFields/GetAllCustomFields'));
  const questionId = fields.find((f) => f.label === question)!.id;

  // a registrant (answering the question) and their ward, while the event is free
  const registrant = await json<{ returnObject: { personId: string } }>(
    await pub.post('/EventRegistration', {
      data: {
        person: person({
          firstName: `Kunle ${id}`,
          lastName: '',
          mobilePhone: '08037770101',
          email: 'kunle@example.com',
        }),
        id: setup.attendanceCode,
        checkinCode: setup.attendanceCode,
        customAttributeData: [{ customAttributeID: questionId, data: 'Yam', entityID: null }],
      },
    }),
  );
  const ward = await json<{ returnObject: { id: string } }>(
    await api.post('/api/People/CreateMember', { data: { firstName: 'Tolu', lastName: `Ward${id}` } }),
  );
  await json(
    await pub.post('/EventRegistration', {
      data: {
        person: { personId: ward.returnObject.id },
        id: setup.id,
        registeredBy: registrant.returnObject.personId,
      },
    }),
  );

  // the event now takes 2,500 a person: those two owe it
  await json(
    await api.put('/api/CheckInAttendance/EditAttendanceCheckIn', {
      multipart: { Id: setup.id, ...(await paidFields(api, `Retreat fee ${id}`)) },
    }),
  );

  // a visitor pays through the Paystack sandbox
  const e = await details();
  const form = e.paymentForm as {
    paymentGateWays: unknown;
    contributionItems: { financialContribution: { id: string } }[];
  };
  const payer = { firstName: `Amaka ${id}`, mobilePhone: '08037770202', email: 'amaka@example.com' };
  const init = await json<{ transactionReference: string; returnObject: { authorizationUrl: string } }>(
    await pub.post('/initializeEventRegistrationPayment', {
      data: {
        attendanceCode: e.attendanceCode,
        activityId: e.eventID,
        phone: payer.mobilePhone,
        email: payer.email,
        checkInCode: e.checkinCode,
        id: e.id,
        person: person(payer),
        customAttributeData: [{ customAttributeID: questionId, data: 'Rice', entityID: null }],
        donation: {
          name: payer.firstName,
          email: payer.email,
          phone: payer.mobilePhone,
          paymentFormId: e.paymentFormId,
          tenantID: e.tenantID,
          orderID: e.paymentFormOrderID,
          currencyID: e.currencyID,
          paymentGateway: 'Paystack',
          paymentGateWays: form.paymentGateWays,
          amount: e.registrationAmount,
          contributionItems: [
            {
              contributionItemId: form.contributionItems[0]!.financialContribution.id,
              contributionCurrencyId: e.currencyID,
              contributionItemName: `Retreat fee ${id}`,
              amount: e.registrationAmount,
            },
          ],
        },
      },
    }),
  );
  await page.goto(init.returnObject.authorizationUrl);
  await new SandboxCheckout(page).expectShown('Paystack', '₦2,500.00');
  await page.getByRole('button', { name: 'Succeed' }).click();
  await page.waitForURL(/\/event\//);
  // the payer's return confirms (the page does it too; settling twice is one settlement)
  const ref = init.transactionReference;
  const confirmed = await json<{ status: boolean }>(
    await pub.post(`/ConfirmEventRegistrationPayment?id=${ref}&txnref=${ref}`),
  );
  expect(confirmed.status).toBe(true);

  // the administrator's list
  await signInDemoAdmin(page.request);
  const list = new EventRegistrationAdminPage(page);
  await list.goto();
  await list.search(id);
  const row = list.row(eventName);
  await expect(row).toContainText(setup.day);
  await expect(row).toContainText('3 / 10');
  await expect(row).toContainText('7 left');
  await expect(row).toContainText('₦2,500.00');
  await expect(row).toContainText('Open');
  await snap(page, 'event-registration-admin-list');

  // its report: the ward under the registrant, unpaid and paid with the amount, the answers
  await list.openReport(eventName);
  const report = new RegistrationReport(page);
  await expect(page.getByRole('heading', { level: 1, name: eventName })).toBeVisible();
  await expect(report.row(`Tolu Ward${id}`)).toContainText(`Ward of Kunle ${id}`);
  await expect(report.registration(`Kunle ${id}`)).toHaveText('Unpaid ₦2,500.00');
  await expect(report.registration(`Tolu Ward${id}`)).toHaveText('Unpaid ₦2,500.00');
  await expect(report.registration(`Amaka ${id}`)).toHaveText('Paid ₦2,500.00');
  await expect(report.row(`Kunle ${id}`)).toContainText(`${question}: Yam`);
  await snap(page, 'event-registration-admin-report');

  // the xlsx export, read back
  const file = await report.export();
  expect(file.name).toMatch(/^registrations-Leaders-Retreat-.+\.xlsx$/);
  const rows = await sheetRows(file.path);
  expect(rows[0]).toEqual([
    'Name',
    'Phone',
    'E-mail',
    'Registered By',
    'Status',
    'Paid',
    'Amount',
    'Registered At',
    ...rows[0]!.slice(8),
  ]);
  const col = (rows[0] as string[]).indexOf(question);
  expect(col).toBeGreaterThan(7);
  const byName = new Map(rows.slice(1).map((r) => [r[0] as string, r]));
  expect(rows).toHaveLength(4);
  const pick = (name: string) => {
    const r = byName.get(name)!;
    return [r[3], r[4], r[5], r[6], r[col]];
  };
  expect(pick(`Amaka ${id}`)).toEqual(['', 'Registered', 'Paid', 2500, 'Rice']);
  expect(pick(`Kunle ${id}`)).toEqual(['', 'Registered', 'Unpaid', 2500, 'Yam']);
  expect(pick(`Tolu Ward${id}`)).toEqual([`Kunle ${id}`, 'Registered', 'Unpaid', 2500, '']);
  expect(byName.get(`Kunle ${id}`)![1]).toBe('08037770101');
  expect(byName.get(`Kunle ${id}`)![7]).toBeInstanceOf(Date);

  // on a phone the list is one block a row, nothing wider than the screen
  await page.setViewportSize(PHONE);
  await list.goto();
  await list.search(id);
  await expect(list.row(eventName)).toContainText('Places 3 / 10 · 7 left');
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'event-registration-admin-list-phone');
  await api.dispose();
  await pub.dispose();
});
