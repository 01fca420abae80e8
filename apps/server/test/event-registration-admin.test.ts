import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAttendanceReport } from '@steward/contracts/attendance-marking';
import { REGISTRATION_EXPORT_COLUMNS, type TRegistrationSetupList } from '@steward/contracts/event-registration-admin';
import { client, signupChurch, type Client } from './helpers.ts';
import { createEvent, insertPerson } from './attendance-public-checkin-support.ts';
import {
  givingChurch,
  pay,
  startGivingHarness,
  type GivingChurch,
  type GivingHarness,
} from './giving-donations-support.ts';
import {
  blankPerson,
  createRegSetup,
  eventDetails,
  regField,
  registrationDonation,
} from './event-registration-support.ts';

/**
 * The church's side of event registration (issue 12 'Admin'): the attendance report shows each
 * registration (who registered a ward, paid / unpaid / pending payment with the amount), the
 * xlsx export of a set-up's registrations (columns, rows, answers; another church's id 404; no
 * session 401) and the list of set-ups that take registration (places taken and left).
 */
let h: GivingHarness;
let c: GivingChurch;
let pub: Client;
let free: { id: string; code: string };
let paid: { id: string; code: string };
let field = '';
let registrant = '';
let other: { api: Client; setup: string };
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Starts a paid registration through the public page's call; answers the reference and checkout URL. */
async function initialise(code: string, p: { firstName: string; mobilePhone: string; email: string }) {
  const e = await eventDetails(pub, code);
  const res = await pub.post('/initializeEventRegistrationPayment', {
    attendanceCode: e.attendanceCode,
    activityId: e.eventID,
    phone: p.mobilePhone,
    email: p.email,
    checkInCode: e.checkinCode,
    id: e.id,
    person: blankPerson(p),
    customAttributeData: [],
    donation: registrationDonation(e, { name: p.firstName, email: p.email, phone: p.mobilePhone }, c.offering),
  });
  expect(res.statusCode, res.body).toBe(200);
  const r = res.json() as { transactionReference: string; returnObject: { authorizationUrl: string } };
  return { reference: r.transactionReference, authorizationUrl: r.returnObject.authorizationUrl, body: {} };
}

async function readXlsx(body: Buffer): Promise<(string | number | Date | null)[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Registrations')!;
  const rows: (string | number | Date | null)[][] = [];
  ws.eachRow((row) => {
    const values = (row.values as (string | number | Date | null | undefined)[]).slice(1);
    rows.push(Array.from(values, (v) => v ?? null));
  });
  return rows;
}

beforeAll(async () => {
  h = await startGivingHarness({
    MESSAGING_WORKERS: '0',
    CHECKIN_SEARCH_RATE_MAX: '1000',
    CHECKIN_SEARCH_EVENT_RATE_MAX: '1000',
  });
  c = await givingChurch(h.app, { churchName: 'Grace Chapel' });
  pub = client(h.app, null);
  field = await regField(c.api, c.tenantId, 'T-shirt size');
  const conf = await createEvent(c.api, 'Youth Conference', '2026-12-05');
  free = await createRegSetup(h.database, c.tenantId, { activityId: conf, slot: 10, cutOff: tomorrow() });
  const summit = await createEvent(c.api, 'Leadership Summit', '2026-12-20');
  paid = await createRegSetup(h.database, c.tenantId, {
    activityId: summit,
    slot: 5,
    cutOff: tomorrow(),
    paid: { amountMinor: 500000n, formId: c.formId },
  });
  // a registrant with an answer, and two wards
  const me = await pub.post('/EventRegistration', {
    person: blankPerson({ firstName: 'Adaeze Okafor', mobilePhone: '08031112222', email: 'adaeze@example.com' }),
    id: free.code,
    checkinCode: free.code,
    customAttributeData: [{ customAttributeID: field, data: 'Large', entityID: null }],
  });
  expect(me.statusCode, me.body).toBe(200);
  registrant = (me.json() as { returnObject: { personId: string } }).returnObject.personId;
  for (const firstName of ['Tobi', 'Zara']) {
    const ward = await insertPerson(h.database, c.tenantId, { firstName, lastName: 'Okafor', phone: '08031112222' });
    const w = await pub.post('/EventRegistration', {
      person: { personId: ward },
      id: free.id,
      registeredBy: registrant,
    });
    expect(w.statusCode, w.body).toBe(200);
  }
  // paid: one settled through the sandbox, one still holding its place while paying
  const settled = await initialise(paid.code, {
    firstName: 'Bisi Ade',
    mobilePhone: '08036660003',
    email: 'bisi@example.com',
  });
  await pay(h, settled, 'success');
  const confirmed = await pub.post(
    `/ConfirmEventRegistrationPayment?id=${settled.reference}&txnref=${settled.reference}`,
  );
  expect(confirmed.json(), confirmed.body).toMatchObject({ status: true });
  await initialise(paid.code, { firstName: 'Kemi Ola', mobilePhone: '08036660004', email: 'kemi@example.com' });
  // another church with its own set-up
  const o = await signupChurch(h.app, { churchName: 'Other Church' });
  const oApi = client(h.app, o.token);
  const oEvent = await createEvent(oApi, 'Other Retreat', '2026-12-07');
  other = { api: oApi, setup: (await createRegSetup(h.database, o.tenantId, { activityId: oEvent })).id };
}, 180_000);

afterAll(async () => {
  await h?.close();
});

describe('the attendance report shows registrations', () => {
  it('a registrant, their wards beside them, free', async () => {
    const res = await c.api.get(`/api/CheckInAttendance/AttendanceReport?id=${free.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const people = (res.json() as TAttendanceReport).peopoleAttendancesDTOs;
    expect(people.map((p) => p.name)).toEqual(['Adaeze Okafor', 'Tobi Okafor', 'Zara Okafor']);
    expect(people[0]!.registration).toMatchObject({
      status: 'registered',
      registeredById: null,
      registeredByName: null,
      payment: 'free',
      amount: null,
      currency: 'NGN',
    });
    expect(people[0]!.customAttributeData).toEqual([{ customAttributeID: field, data: 'Large' }]);
    for (const ward of people.slice(1))
      expect(ward.registration).toMatchObject({ registeredById: registrant, registeredByName: 'Adaeze Okafor' });
  });

  it('paid, and pending payment with the amount in the church currency', async () => {
    const res = await c.api.get(`/api/CheckInAttendance/AttendanceReport?id=${paid.id}`);
    const report = res.json() as TAttendanceReport;
    const byName = Object.fromEntries(report.peopoleAttendancesDTOs.map((p) => [p.name, p]));
    expect(byName['Bisi Ade']).toMatchObject({
      isRegistered: true,
      registration: { status: 'registered', payment: 'paid', amount: 5000, currency: 'NGN' },
    });
    expect(byName['Kemi Ola']).toMatchObject({
      isRegistered: false,
      registration: { status: 'pending_payment', payment: 'pending', amount: 5000 },
    });
    expect(report.registeredCount).toBe(1);
  });
});

describe('GET /api/EventRegistration/Export', () => {
  it('answers an xlsx of the registrations with one column per registration question', async () => {
    const res = await c.api.get(`/api/EventRegistration/Export?id=${free.id}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="registrations-Youth-Conference-2026-12-05\.xlsx"$/,
    );
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual([...REGISTRATION_EXPORT_COLUMNS, 'T-shirt size']);
    expect(rows.slice(1).map((r) => r.slice(0, 7))).toEqual([
      ['Adaeze Okafor', '08031112222', 'adaeze@example.com', '', 'Registered', 'Free', null],
      ['Tobi Okafor', '08031112222', '', 'Adaeze Okafor', 'Registered', 'Free', null],
      ['Zara Okafor', '08031112222', '', 'Adaeze Okafor', 'Registered', 'Free', null],
    ]);
    expect(rows[1]![7]).toBeInstanceOf(Date);
    expect(rows[1]![8]).toBe('Large');
    expect(rows[2]![8]).toBe('');
  });

  it('paid and pending rows carry the amount', async () => {
    const res = await c.api.get(`/api/EventRegistration/Export?id=${paid.id}`);
    const rows = await readXlsx(res.rawPayload);
    expect(rows.slice(1).map((r) => [r[0], r[4], r[5], r[6]])).toEqual([
      ['Bisi Ade', 'Registered', 'Paid', 5000],
      ['Kemi Ola', 'Pending payment', 'Pending payment', 5000],
    ]);
  });

  it("another church's set-up is 404, a bad id 400, no session 401", async () => {
    const foreign = await c.api.get(`/api/EventRegistration/Export?id=${other.setup}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/json/);
    expect((await other.api.get(`/api/EventRegistration/Export?id=${free.id}`)).statusCode).toBe(404);
    const bad = await c.api.get('/api/EventRegistration/Export?id=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
    expect((await pub.get(`/api/EventRegistration/Export?id=${free.id}`)).statusCode).toBe(401);
  });
});

describe('GET /api/EventRegistration/Setups', () => {
  it("lists the church's set-ups that take registration with places taken and left", async () => {
    const res = await c.api.get('/api/EventRegistration/Setups?page=1');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as TRegistrationSetupList;
    expect(list.totalItems).toBe(2);
    expect(list.data.map((r) => r.eventName)).toEqual(['Leadership Summit', 'Youth Conference']);
    expect(list.data[0]).toMatchObject({
      id: paid.id,
      attendanceCode: paid.code,
      slot: 5,
      placesTaken: 2,
      registeredCount: 1,
      placesLeft: 3,
      isPaidFor: true,
      amount: 5000,
      currency: 'NGN',
      status: 'open',
    });
    expect(list.data[0]!.registrationLink).toMatch(new RegExp(`/event/${paid.code}$`));
    expect(list.data[1]).toMatchObject({ placesTaken: 3, placesLeft: 7, isPaidFor: false, amount: null });
    const search = await c.api.get('/api/EventRegistration/Setups?page=1&searchText=youth');
    expect((search.json() as TRegistrationSetupList).data.map((r) => r.id)).toEqual([free.id]);
    const none = await c.api.get('/api/EventRegistration/Setups?page=2');
    expect(none.json()).toEqual({ data: [], totalItems: 2 });
  });

  it("shows no other church's set-up; bad page 400; no session 401", async () => {
    const theirs = (await other.api.get('/api/EventRegistration/Setups')).json() as TRegistrationSetupList;
    expect(theirs.data.map((r) => r.id)).toEqual([other.setup]);
    const bad = await c.api.get('/api/EventRegistration/Setups?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('page');
    expect((await pub.get('/api/EventRegistration/Setups')).statusCode).toBe(401);
  });
});
