import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { acc, accountsByName, expectBadRequest } from './fixtures.ts';
import { createEvent } from './offering-setup.ts';
import { createPerson } from './attendance-support.ts';

/**
 * The attendance set-up (issue 11 'Admin'; spec 2.9, 2.10, §3-§5, §8; existing-client-api §4.1
 * first bullets): the multipart create and edit exactly as the existing client sends them, the
 * edit screen's read, the list, delete, the end-of-event check-out and the check-in type page's
 * item. Real database (PGlite, or PostgreSQL with DATABASE_URL), through app.inject.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MESSAGING_WORKERS: '0' });
});
afterAll(async () => {
  await h.close();
});

const CREATE = '/api/CheckInAttendance/CreateAttendanceCheckIn';
const EDIT = '/api/CheckInAttendance/EditAttendanceCheckIn';
const LIST = '/api/CheckInAttendance/AllCheckInAttendances';
const SINGLE = '/api/CheckInAttendance/GetSingleAttendanceCheckIn';
const ITEM = '/api/CheckInAttendance/AttendanceItem';
const DELETE = '/api/CheckInAttendance/Delete/Multiple';
const CHECKOUT = '/api/CheckInAttendance/checkout';
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);

/** A multipart body built as the existing client builds it: FormData with string values and the file. */
async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') form.append(k, v);
    else form.append(k, v, 'banner.png');
  }
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), type: res.headers.get('content-type')! };
}

async function send(method: 'POST' | 'PUT', url: string, token: string | null, fields: Record<string, string | Blob>) {
  const { body, type } = await multipart(fields);
  return h.app.inject({
    method,
    url,
    payload: body,
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** A church with an event 'Youth Conference' on 2026-11-22, two groups and its default accounts. */
interface Church {
  tenantId: string;
  token: string;
  api: Client;
  eventId: string;
  offering: string;
  cash: string;
  bank: string;
  groups: { id: string; name: string }[];
}

async function createGroup(api: Client, name: string): Promise<{ id: string; name: string }> {
  const res = await api.post('/api/CreateGroup', { name, description: `${name} group` });
  expect(res.statusCode, res.body).toBe(200);
  const g = res.json() as { id: string; name: string };
  return { id: g.id, name: g.name };
}

async function churchWithToken(): Promise<Church> {
  const s = await signupChurch(h.app);
  const api = client(h.app, s.token);
  const accounts = await accountsByName(api);
  const cat = await api.post('/api/EventCategory?name=Youth%20Conference');
  expect(cat.statusCode, cat.body).toBe(200);
  const categoryId = (cat.json() as { id: string; name: string }[])[0]!.id;
  return {
    tenantId: s.tenantId,
    token: s.token,
    api,
    eventId: await createEvent(api, categoryId, '2026-11-22'),
    offering: acc(accounts, 'Offering').id,
    cash: acc(accounts, 'Cash').id,
    bank: acc(accounts, 'Bank').id,
    groups: [await createGroup(api, "Children's Church"), await createGroup(api, 'Choir')],
  };
}

/** The fields AddAttendance.vue sends for a free set-up (each only when set). */
function freeFields(c: Church, extra: Record<string, string | Blob> = {}): Record<string, string | Blob> {
  return {
    activityDate: '11-22-2026',
    isPaidFor: 'false',
    activityId: c.eventId,
    enableRegistration: 'true',
    groupIDs: JSON.stringify(c.groups.map((g) => ({ ...g, children: [], displayCheck: true }))),
    ...extra,
  };
}

async function create(c: Church, extra: Record<string, string | Blob> = {}) {
  const res = await send('POST', CREATE, c.token, freeFields(c, extra));
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as {
    status: boolean;
    response: string;
    returnObject: { checkInAttendanceResult: { id: string; attendanceCode: string; fullGroupName: string }[] };
  };
  expect(body.status).toBe(true);
  return body.returnObject.checkInAttendanceResult[0]!;
}

async function single(c: Church, id: string) {
  const res = await c.api.get(`${SINGLE}?checkInAttendanceId=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { attendanceItem: Record<string, unknown> } }).returnObject.attendanceItem;
}

const counts = async (tenantId: string) => ({
  setups: await countRows(h.database, 'checkin_attendances', tenantId),
  groups: await countRows(h.database, 'checkin_attendance_groups', tenantId),
  items: await countRows(h.database, 'contribution_items', tenantId),
  forms: await countRows(h.database, 'payment_forms', tenantId),
});

/** The check-in and registration messages of a set-up, as sent in the multipart body and read back. */
const MESSAGES = {
  checkinSMS: 'Welcome to church, {name}!',
  checkInSMSSubject: 'GraceChapel',
  checkinEmail: '<p>Thank you for coming</p>',
  checkinEmailSubject: 'Welcome',
  registrationSMS: 'You are registered',
  registrationSMSSubject: 'GraceChapel',
  registrationEmail: '<p>See you there</p>',
  registrationEmailSubject: 'Registered',
};

describe('CreateAttendanceCheckIn and GetSingleAttendanceCheckIn', () => {
  it("creates a free set-up from the client's multipart body and reads it back for the edit screen", async () => {
    const c = await churchWithToken();
    const res = await send(
      'POST',
      CREATE,
      c.token,
      freeFields(c, {
        bannerPhoto: new Blob([PNG], { type: 'image/png' }),
        details: 'Bring a friend',
        registrationSlot: '120',
        ...MESSAGES,
        registrationCutOffTime: '2026-11-21T18:00',
        checkInCutOffTime: '2026-11-22T09:30',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      status: boolean;
      response: string;
      returnObject: { checkInAttendanceResult: { id: string; attendanceCode: string }[] };
    };
    expect(body.status).toBe(true);
    expect(body.response).toBe('Attendance created successfully');
    const [result] = body.returnObject.checkInAttendanceResult;
    expect(result!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(result!.attendanceCode).toMatch(/^[a-hjkmnp-z2-9]{10}$/);

    const item = await single(c, result!.id);
    expect(item).toMatchObject({
      id: result!.id,
      attendanceCode: result!.attendanceCode,
      eventID: c.eventId,
      fullEventName: 'Youth Conference',
      eventDate: '2026-11-22T00:00:00',
      fullGroupName: "Children's Church, Choir",
      details: 'Bring a friend',
      registrationSlot: 120,
      isPaidFor: false,
      amount: null,
      currency: 'NGN',
      paymentFormId: null,
      ...MESSAGES,
      enableRegistration: true,
      // a Nigerian church's wall time (Africa/Lagos, UTC+1)
      registrationCutOffTime: '2026-11-21T17:00:00.000Z',
      checkInCutOffTime: '2026-11-22T08:30:00.000Z',
    });
    expect((item.groups as { id: string }[]).map((g) => g.id).sort()).toEqual(c.groups.map((g) => g.id).sort());
    const banner = await h.app.inject({ method: 'GET', url: new URL(item.bannerUrl as string).pathname });
    expect(banner.statusCode).toBe(200);
    expect(banner.rawPayload.equals(PNG)).toBe(true);
  });

  it('reads a cut-off with a zone as that instant, and a wall time in the timeZone sent', async () => {
    const c = await churchWithToken();
    const a = await create(c, { checkInCutOffTime: '2026-11-22T09:30:00Z' });
    expect((await single(c, a.id)).checkInCutOffTime).toBe('2026-11-22T09:30:00.000Z');
    const b = await create(c, { checkInCutOffTime: '2026-07-01T09:30', timeZone: 'America/New_York' });
    expect((await single(c, b.id)).checkInCutOffTime).toBe('2026-07-01T13:30:00.000Z');
  });

  it('creates a paid set-up with its offering item and a payment form through giving', async () => {
    const c = await churchWithToken();
    const before = await counts(c.tenantId);
    const r = await create(c, {
      isPaidFor: 'true',
      amount: '2500.50',
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'GRACE CHAPEL INTERNATIONAL',
      contributionItemName: 'Youth Conference',
      incomeAccountId: c.offering,
      cashAccountId: c.bank,
    });
    const item = await single(c, r.id);
    expect(item).toMatchObject({
      isPaidFor: true,
      amount: 2500.5,
      currency: 'NGN',
      bankCode: '058',
      accountNumber: '0123456789',
      accountName: 'GRACE CHAPEL INTERNATIONAL',
      incomeAccountId: c.offering,
      cashAccountId: c.bank,
      contributionItemName: 'Youth Conference',
    });
    const [stored] = await queryRows<{ amount_minor: string }>(
      h.database.db,
      sql`select amount_minor::text from checkin_attendances where id = ${r.id}`,
    );
    expect(stored!.amount_minor).toBe('250050');
    const form = await c.api.get(`/api/PaymentForm/GetOne?paymentFormID=${item.paymentFormId as string}`);
    expect(form.statusCode, form.body).toBe(200);
    const f = form.json() as {
      name: string;
      accountNumber: string;
      contributionItems: { financialContribution: { name: string } }[];
      paymentGateWays: { paymentGateway: { name: string } }[];
    };
    expect(f.name).toBe('Registration: Youth Conference (11/22/2026)');
    expect(f.accountNumber).toBe('0123456789');
    expect(f.contributionItems.map((i) => i.financialContribution.name)).toEqual(['Youth Conference']);
    expect(f.paymentGateWays.map((g) => g.paymentGateway.name)).toEqual(['Paystack']);
    const after = await counts(c.tenantId);
    expect(after.items - before.items).toBe(1);
    expect(after.forms - before.forms).toBe(1);

    // a second paid set-up of the same item name reuses the item (its name is unique per church)
    await create(c, {
      isPaidFor: 'true',
      amount: '1000',
      contributionItemName: 'youth conference',
      incomeAccountId: c.offering,
      cashAccountId: c.bank,
    });
    expect((await counts(c.tenantId)).items).toBe(after.items);
    // ... but not with other accounts: the fees would go elsewhere than chosen
    const reused = await counts(c.tenantId);
    const res = await send(
      'POST',
      CREATE,
      c.token,
      freeFields(c, {
        isPaidFor: 'true',
        amount: '1000',
        bankCode: '058',
        accountNumber: '0123456789',
        accountName: 'GRACE CHAPEL INTERNATIONAL',
        contributionItemName: 'Youth Conference',
        incomeAccountId: c.offering,
        cashAccountId: c.cash,
      }),
    );
    expectBadRequest(res, 'cashAccountId');
    expect(await counts(c.tenantId)).toEqual(reused);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const c = await churchWithToken();
    const other = await churchWithToken();
    const before = await counts(c.tenantId);
    const bad: [Record<string, string | Blob>, string][] = [
      [{ activityId: '' }, 'activityId'],
      [{ activityId: 'not-an-id' }, 'activityId'],
      [{ activityId: other.eventId }, 'activityId'],
      [{ groupIDs: '[]' }, 'groupIDs'],
      [{ groupIDs: 'Choir' }, 'groupIDs'],
      [{ groupIDs: JSON.stringify([other.groups[0]]) }, 'groupIDs'],
      [{ groupIDs: JSON.stringify([c.groups[0], other.groups[1]]) }, 'groupIDs'],
      [{ registrationSlot: '0' }, 'registrationSlot'],
      [{ registrationSlot: '2.5' }, 'registrationSlot'],
      [{ checkInCutOffTime: 'tomorrow' }, 'checkInCutOffTime'],
      [{ checkInCutOffTime: '2026-02-30T09:00' }, 'checkInCutOffTime'],
      [{ registrationCutOffTime: '2026-11-21T25:00' }, 'registrationCutOffTime'],
      [{ checkInCutOffTime: '2026-11-22T09:00', timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ isPaidFor: 'maybe' }, 'isPaidFor'],
      [{ isPaidFor: 'true', incomeAccountId: c.offering, cashAccountId: c.cash }, 'amount'],
      [{ isPaidFor: 'true', amount: '0', incomeAccountId: c.offering, cashAccountId: c.cash }, 'amount'],
      [{ isPaidFor: 'true', amount: '-5', incomeAccountId: c.offering, cashAccountId: c.cash }, 'amount'],
      [{ isPaidFor: 'true', amount: '10.123', incomeAccountId: c.offering, cashAccountId: c.cash }, 'amount'],
      [{ isPaidFor: 'true', amount: '100', cashAccountId: c.cash }, 'incomeAccountId'],
      [{ isPaidFor: 'true', amount: '100', incomeAccountId: c.offering }, 'cashAccountId'],
      [{ isPaidFor: 'true', amount: '100', incomeAccountId: c.cash, cashAccountId: c.cash }, 'incomeAccountId'],
      [{ isPaidFor: 'true', amount: '100', incomeAccountId: c.offering, cashAccountId: other.cash }, 'cashAccountId'],
      [
        {
          isPaidFor: 'true',
          amount: '100',
          incomeAccountId: c.offering,
          cashAccountId: c.cash,
          bankCode: '058',
          accountNumber: '12345',
        },
        'accountNumber',
      ],
      [
        { isPaidFor: 'true', amount: '100', incomeAccountId: c.offering, cashAccountId: c.cash, bankCode: '999' },
        'bankCode',
      ],
      [{ bannerPhoto: new Blob(['<script>alert(1)</script>'], { type: 'image/png' }) }, 'bannerPhoto'],
      [{ bannerPhoto: new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }) }, 'bannerPhoto'],
      [{ details: 'a\u0000b' }, 'details'],
    ];
    for (const [extra, field] of bad) {
      const res = await send('POST', CREATE, c.token, freeFields(c, extra));
      expectBadRequest(res, field);
    }
    // the client sends only the fields that are set: a body without activityId or groups
    const { activityId: _a, ...noEvent } = freeFields(c);
    expectBadRequest(await send('POST', CREATE, c.token, noEvent), 'activityId');
    const { groupIDs: _g, ...noGroups } = freeFields(c);
    expectBadRequest(await send('POST', CREATE, c.token, noGroups), 'groupIDs');
    // not multipart at all
    const json = await h.app.inject({
      method: 'POST',
      url: CREATE,
      payload: { activityId: c.eventId },
      headers: { authorization: `Bearer ${c.token}` },
    });
    expectBadRequest(json, 'body');
    expect(await counts(c.tenantId)).toEqual(before);
  });

  it('gives every set-up its own code, also when created at once', async () => {
    const c = await churchWithToken();
    const results = await Promise.all(Array.from({ length: 8 }, () => create(c)));
    expect(new Set(results.map((r) => r.attendanceCode)).size).toBe(8);
  });
});

describe('EditAttendanceCheckIn', () => {
  it('changes the fields sent, keeps the others, and answers {response, id, attendanceCode}', async () => {
    const c = await churchWithToken();
    const r = await create(c, {
      details: 'Old details',
      checkinSMS: 'Welcome!',
      registrationSlot: '50',
      checkInCutOffTime: '2026-11-22T09:30',
    });
    const res = await send('PUT', EDIT, c.token, {
      Id: r.id,
      details: 'New details',
      groupIDs: JSON.stringify([c.groups[1]]),
      registrationSlot: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: true,
      response: 'Attendance updated successfully',
      id: r.id,
      attendanceCode: r.attendanceCode,
    });
    const item = await single(c, r.id);
    expect(item).toMatchObject({
      details: 'New details',
      checkinSMS: 'Welcome!',
      registrationSlot: null,
      fullGroupName: 'Choir',
      checkInCutOffTime: '2026-11-22T08:30:00.000Z',
      eventID: c.eventId,
    });

    // free -> paid, then a new item name and amount: the form follows
    const paid = await send('PUT', EDIT, c.token, {
      Id: r.id,
      isPaidFor: 'true',
      amount: '500',
      incomeAccountId: c.offering,
      cashAccountId: c.cash,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const p1 = await single(c, r.id);
    expect(p1).toMatchObject({ isPaidFor: true, amount: 500, contributionItemName: 'Youth Conference' });
    const again = await send('PUT', EDIT, c.token, { Id: r.id, amount: '750', contributionItemName: 'Youth Camp Fee' });
    expect(again.statusCode, again.body).toBe(200);
    const p2 = await single(c, r.id);
    expect(p2).toMatchObject({
      amount: 750,
      paymentFormId: p1.paymentFormId,
      contributionItemName: 'Youth Camp Fee',
    });
    const form = (await c.api.get(`/api/PaymentForm/GetOne?paymentFormID=${p2.paymentFormId as string}`)).json() as {
      contributionItems: { financialContribution: { name: string } }[];
    };
    expect(form.contributionItems.map((i) => i.financialContribution.name)).toEqual(['Youth Camp Fee']);
  });

  it('refuses a missing Id (400), bad input (400, nothing changed) and another church’s set-up (404)', async () => {
    const c = await churchWithToken();
    const other = await churchWithToken();
    const r = await create(c, { details: 'Keep me' });
    expectBadRequest(await send('PUT', EDIT, c.token, { details: 'x' }), 'Id');
    expectBadRequest(await send('PUT', EDIT, c.token, { Id: r.id, groupIDs: '[]' }), 'groupIDs');
    expectBadRequest(
      await send('PUT', EDIT, c.token, { Id: r.id, details: 'x', activityId: other.eventId }),
      'activityId',
    );
    expectBadRequest(await send('PUT', EDIT, c.token, { Id: r.id, details: 'x', isPaidFor: 'true' }), 'amount');
    expect((await single(c, r.id)).details).toBe('Keep me');
    const foreign = await send('PUT', EDIT, other.token, { Id: r.id, details: 'Hijacked' });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await single(c, r.id)).details).toBe('Keep me');
  });
});

describe('AllCheckInAttendances', () => {
  it('lists 50 a page, newest event first, with the group names joined, and searches by event name', async () => {
    const c = await churchWithToken();
    const cat = (await c.api.post('/api/EventCategory?name=Midweek%20Service')).json() as {
      id: string;
      name: string;
    }[];
    const midweek = cat.find((x) => x.name === 'Midweek Service')!.id;
    const older = await createEvent(c.api, midweek, '2026-10-01');
    const newest = await createEvent(c.api, midweek, '2026-12-24');
    const a = await create(c);
    const b = await create(c, { activityId: newest });
    for (let i = 0; i < 50; i++) await create(c, { activityId: older, groupIDs: JSON.stringify([c.groups[1]]) });

    const page1 = await c.api.get(`${LIST}?page=1`);
    expect(page1.statusCode, page1.body).toBe(200);
    const p1 = page1.json() as {
      data: {
        id: string;
        eventID: string;
        fullEventName: string;
        eventDate: string;
        fullGroupName: string;
        groupID: string;
        attendanceCode: string;
      }[];
      totalItems: number;
    };
    expect(p1.totalItems).toBe(52);
    expect(p1.data).toHaveLength(50);
    expect(p1.data[0]).toMatchObject({
      id: b.id,
      eventID: newest,
      fullEventName: 'Midweek Service',
      eventDate: '2026-12-24T00:00:00',
      attendanceCode: b.attendanceCode,
      fullGroupName: "Children's Church, Choir",
      groupID: c.groups[0]!.id,
    });
    expect(p1.data[1]!.id).toBe(a.id);
    const p2 = (await c.api.get(`${LIST}?page=2`)).json() as { data: { fullGroupName: string }[]; totalItems: number };
    expect(p2.data).toHaveLength(2);
    expect(p2.data.every((r) => r.fullGroupName === 'Choir')).toBe(true);

    const found = (await c.api.get(`${LIST}?page=1&searchText=youth`)).json() as {
      data: { id: string }[];
      totalItems: number;
    };
    expect(found.totalItems).toBe(1);
    expect(found.data.map((r) => r.id)).toEqual([a.id]);
    const none = (await c.api.get(`${LIST}?page=1&searchText=${encodeURIComponent('%')}`)).json() as {
      totalItems: number;
    };
    expect(none.totalItems).toBe(0);

    // another church sees none of them
    const other = await churchWithToken();
    expect(((await other.api.get(`${LIST}?page=1`)).json() as { totalItems: number }).totalItems).toBe(0);
    expectBadRequest(await c.api.get(`${LIST}?page=0`), 'page');
  });
});

describe('Delete/Multiple and checkout', () => {
  it('soft-deletes set-ups (records kept), answering the string the client expects', async () => {
    const c = await churchWithToken();
    const a = await create(c);
    const b = await create(c);
    const keep = await create(c);
    const person = await createPerson(c.api, 'Ada', { mobilePhone: '08030000077' });
    await h.database.db.execute(
      sql`insert into attendance_records (tenant_id, checkin_attendance_id, person_id) values (${c.tenantId}, ${a.id}, ${person})`,
    );
    const other = await churchWithToken();
    const foreign = await create(other);

    // one id of another church: 404, nothing deleted
    const mixed = await c.api.post(DELETE, [a.id, foreign.id]);
    expect(mixed.statusCode, mixed.body).toBe(404);
    expect(((await c.api.get(`${LIST}?page=1`)).json() as { totalItems: number }).totalItems).toBe(3);

    const res = await c.api.post(DELETE, [a.id, b.id]);
    expect(res.statusCode, res.body).toBe(200);
    const text = res.json() as unknown;
    expect(typeof text).toBe('string');
    expect((text as string).toLowerCase()).toContain('attendance');
    expect(text).toBe('Attendance(s) deleted successfully.');
    const list = (await c.api.get(`${LIST}?page=1`)).json() as { data: { id: string }[]; totalItems: number };
    expect(list.data.map((r) => r.id)).toEqual([keep.id]);
    // the rows and the attendance record are kept; the set-up is gone from the admin calls
    const rows = await queryRows<{ deleted: boolean }>(
      h.database.db,
      sql`select deleted_at is not null as deleted from checkin_attendances where id in (${a.id}, ${b.id})`,
    );
    expect(rows.map((r) => r.deleted)).toEqual([true, true]);
    expect(await countRows(h.database, 'attendance_records', c.tenantId)).toBe(1);
    expect((await c.api.get(`${SINGLE}?checkInAttendanceId=${a.id}`)).statusCode).toBe(404);
    expect((await c.api.get(`${ITEM}?attendanceCode=${a.id}`)).statusCode).toBe(404);
    // a repeat is accepted (already deleted)
    expect((await c.api.post(DELETE, [a.id])).statusCode).toBe(200);
    expectBadRequest(await c.api.post(DELETE, []), 'body');
    expectBadRequest(await c.api.post(DELETE, ['nope']), '0');
    // the other church's set-up is untouched
    expect(((await other.api.get(`${LIST}?page=1`)).json() as { totalItems: number }).totalItems).toBe(1);
  });

  it('checks out everyone still checked in, recording who and when', async () => {
    const c = await churchWithToken();
    const r = await create(c);
    const people = [
      await createPerson(c.api, 'Ada', { mobilePhone: '08030000071' }),
      await createPerson(c.api, 'Bola', { mobilePhone: '08030000072' }),
      await createPerson(c.api, 'Chidi', { mobilePhone: '08030000073' }),
    ];
    // Ada and Bola are present; Chidi was only pre-checked in (not present)
    await h.database.db.execute(
      sql`insert into attendance_records (tenant_id, checkin_attendance_id, person_id, checked_in_at) values
          (${c.tenantId}, ${r.id}, ${people[0]}, now()), (${c.tenantId}, ${r.id}, ${people[1]}, now()),
          (${c.tenantId}, ${r.id}, ${people[2]}, null)`,
    );
    const other = await churchWithToken();
    const foreign = await other.api.delete(`${CHECKOUT}?attendanceId=${r.id}`);
    expect(foreign.statusCode, foreign.body).toBe(404);

    const res = await c.api.delete(`${CHECKOUT}?attendanceId=${r.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe('2 people were checked out successfully');
    const rows = await queryRows<{ person_id: string; out: boolean; by: string | null }>(
      h.database.db,
      sql`select person_id, checked_out_at is not null as out, checked_out_by_user_id::text as by
            from attendance_records where checkin_attendance_id = ${r.id} order by person_id`,
    );
    const [admin] = await queryRows<{ id: string }>(
      h.database.db,
      sql`select id::text from users where tenant_id = ${c.tenantId}`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      if (row.person_id === people[2]) expect(row).toMatchObject({ out: false, by: null });
      else expect(row).toMatchObject({ out: true, by: admin!.id });
    }
    expect((await c.api.delete(`${CHECKOUT}?attendanceId=${r.id}`)).json()).toBe(
      'Nobody was still checked in, so nobody was checked out',
    );
    expectBadRequest(await c.api.delete(`${CHECKOUT}?attendanceId=abc`), 'attendanceId');
  });
});

describe('AttendanceItem', () => {
  it("answers the check-in type page's links and QR codes, by the set-up's id or its code", async () => {
    const c = await churchWithToken();
    const r = await create(c);
    for (const key of [r.id, r.attendanceCode]) {
      const res = await c.api.get(`${ITEM}?attendanceCode=${key}`);
      expect(res.statusCode, res.body).toBe(200);
      const item = res.json() as Record<string, string>;
      expect(item).toMatchObject({
        id: r.id,
        eventID: c.eventId,
        tenantID: c.tenantId,
        attendanceCode: r.attendanceCode,
        smsNumber: '',
        ussdCode: '',
        fullEventName: 'Youth Conference',
        paymentFormId: null,
      });
      expect(item.attendanceCheckinLink).toMatch(new RegExp(`^https?://[^/]+/checkin/e/${r.attendanceCode}$`));
      expect(item.attendanceRegistrationLink).toMatch(new RegExp(`^https?://[^/]+/event/${r.attendanceCode}$`));
      for (const qr of [item.qrCodeCheckin!, item.qrCodeRegistration!, item.qrCode!]) {
        expect(qr).toMatch(/^data:image\/png;base64,/);
        const png = Buffer.from(qr.split(',')[1]!, 'base64');
        expect(png.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex'))).toBe(true);
      }
      expect(item.qrCodeCheckin).not.toBe(item.qrCodeRegistration);
    }
    const other = await churchWithToken();
    expect((await other.api.get(`${ITEM}?attendanceCode=${r.id}`)).statusCode).toBe(404);
    expect((await other.api.get(`${ITEM}?attendanceCode=${r.attendanceCode}`)).statusCode).toBe(404);
    expect((await other.api.get(`${SINGLE}?checkInAttendanceId=${r.id}`)).statusCode).toBe(404);
    expectBadRequest(await c.api.get(`${SINGLE}?checkInAttendanceId=abc`), 'checkInAttendanceId');
  });
});

describe('without a session', () => {
  it('answers 401 on every call and writes nothing', async () => {
    const c = await churchWithToken();
    const r = await create(c);
    const before = await counts(c.tenantId);
    const anon = client(h.app, null);
    const answers = [
      await anon.get(`${LIST}?page=1`),
      await anon.get(`${SINGLE}?checkInAttendanceId=${r.id}`),
      await anon.get(`${ITEM}?attendanceCode=${r.id}`),
      await anon.post(DELETE, [r.id]),
      await anon.delete(`${CHECKOUT}?attendanceId=${r.id}`),
      await send('POST', CREATE, null, freeFields(c)),
      await send('PUT', EDIT, null, { Id: r.id, details: 'x' }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(401);
      expect(typeof (res.json() as { message: string }).message).toBe('string');
    }
    expect(await counts(c.tenantId)).toEqual(before);
  });
});
