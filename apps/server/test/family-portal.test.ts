import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, countRows, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';
import {
  createEvent,
  createGroup,
  createPerson,
  createSetup,
  multipart,
  rows,
  utcDate,
  zoneDate,
} from './families-support.ts';

/**
 * The check-in shell's server calls (existing-client-api §4.4, spec 2.16): the parent's sign-up
 * and sign-in inside a shell signed in as the church, the events and rooms, the family's counts,
 * RegisterChildren (pre-check-in with a security code) and the profile picture; the
 * X-Family-Token header of Steward's own shell.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface LoginResult {
  result: { statusCode: number; value: { token: string | null; tenantID: string | null; message: string } };
}

async function church() {
  const c = await signupChurch(h.app);
  return { ...c, api: client(h.app, c.token) };
}

/** A parent signs up in the shell with the client's body (familyRole 1 Father). */
async function register(api: Client, body: Record<string, unknown> = {}) {
  const res = await api.post('/familyRegister', {
    tenantId: 'ignored',
    firstName: 'Tunde',
    lastName: 'Obi',
    email: `tunde${Math.random().toString(36).slice(2)}@example.com`,
    familyRole: 1,
    password: 'sunday-school',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json() as { loginData: { value: { login: LoginResult } }; personID: string };
  return {
    ...data.loginData.value.login.result.value,
    personID: data.personID,
    statusCode: data.loginData.value.login.result.statusCode,
  };
}

/** A family with two children, an event `days` from today with two rooms, and its set-up. */
async function sundaySetup(api: Client, tenantId: string, days = 3) {
  const parent = await register(api);
  const fam = await api.get(`/api/Family/family?personId=${parent.personID}`);
  const familyId = (fam.json() as { id: string }).id;
  const kids: string[] = [];
  for (const name of ['Kene', 'Ife']) {
    const res = await api.post('/api/Family/addFamilyMember', {
      familyId,
      person: { firstName: name, lastName: 'Obi', pictureUrl: '', genderId: 1 },
      tenantId,
      familyRoleId: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    kids.push((res.json() as { person: { id: string } }).person.id);
  }
  const activityId = await createEvent(api, utcDate(days));
  const rooms = [
    await createGroup(api, `Toddlers ${Math.random()}`),
    await createGroup(api, `Juniors ${Math.random()}`),
  ];
  const setupId = await createSetup(h.database, tenantId, activityId, rooms, {
    bannerUrl: 'https://cdn.example/b.png',
  });
  return { parent, familyId, kids, activityId, rooms, setupId };
}

const childrenBody = (s: Awaited<ReturnType<typeof sundaySetup>>, room = 0) =>
  s.kids.map((personId) => ({
    personId,
    activityId: s.activityId,
    checkInAttendanceId: s.setupId,
    groupId: s.rooms[room]!,
    checkInBy: s.parent.personID,
  }));

describe('familyRegister and familyLogin (§4.4)', () => {
  it('registers a parent with the client body: person, family (as father), account, token', async () => {
    const { api, tenantId } = await church();
    const r = await register(api, { email: 'Tunde@Example.com' });
    expect(r.statusCode).toBe(200);
    expect(r.tenantID).toBe(tenantId);
    expect(r.token).toMatch(/^[\w-]{40,}$/);
    const fam = await api.get(`/api/Family/family?personId=${r.personID}`);
    expect(fam.statusCode).toBe(200);
    expect(fam.json()).toMatchObject({ familyName: 'Obi', fatherID: r.personID, motherID: null, familyMembers: [] });
    const hashes = await rows<{ password_hash: string }>(
      h.database,
      sql`select password_hash from family_accounts where tenant_id = ${tenantId}`,
    );
    expect(hashes[0]!.password_hash).toMatch(/^\$argon2id\$/);

    // a mother with a phone number instead of an e-mail
    const m = await register(api, {
      firstName: 'Ada',
      lastName: 'Eze',
      email: undefined,
      phoneNumber: '+234 803 123 4567',
      familyRole: 2,
    });
    const mf = await api.get(`/api/Family/family?personId=${m.personID}`);
    expect(mf.json()).toMatchObject({ familyName: 'Eze', motherID: m.personID, fatherID: null });

    // signs in with the e-mail in any case, and with the phone written another way
    const login = await api.post('/familyLogin', { email: 'tunde@example.COM', password: 'sunday-school' });
    expect(login.statusCode, login.body).toBe(200);
    const body = login.json() as { login: LoginResult; personID: string };
    expect(body.login.result.statusCode).toBe(200);
    expect(body.login.result.value.tenantID).toBe(tenantId);
    expect(body.personID).toBe(r.personID);
    const byPhone = await api.post('/familyLogin', { phoneNumber: '08031234567', password: 'sunday-school' });
    expect((byPhone.json() as { personID: string }).personID).toBe(m.personID);
  });

  it('uses an existing person with the same names and e-mail instead of a duplicate', async () => {
    const { api, tenantId } = await church();
    const existing = await createPerson(api, 'Musa', 'Bello', { email: 'musa@example.com' });
    const before = await countRows(h.database, 'people', tenantId);
    const r = await register(api, { firstName: 'musa', lastName: 'BELLO', email: 'musa@example.com' });
    expect(r.personID).toBe(existing);
    expect(await countRows(h.database, 'people', tenantId)).toBe(before);
  });

  it("does not take over a person who is in a family: a sign-up with a parent's name and e-mail gets its own", async () => {
    const { api, tenantId, token: churchToken } = await church();
    const father = await createPerson(api, 'Musa', 'Bello', { email: 'musa@example.com' });
    const son = await createPerson(api, 'Sani', 'Bello');
    const fam = await api.post('/api/family/createFamily', {
      familyName: 'Bello',
      fatherId: father,
      familyMembers: [{ personId: son, familyRoleId: 3 }],
    });
    expect(fam.statusCode, fam.body).toBe(200);
    const familyId = (fam.json() as { returnObject: { id: string } }).returnObject.id;
    const r = await register(api, { firstName: 'Musa', lastName: 'Bello', email: 'musa@example.com' });
    expect(r.personID).not.toBe(father);
    const own = await h.app.inject({
      method: 'GET',
      url: '/api/Family/family',
      headers: { authorization: `Bearer ${churchToken}`, 'x-family-token': r.token! },
    });
    expect(own.statusCode, own.body).toBe(200);
    const mine = own.json() as { id: string; fatherID: string; familyMembers: unknown[] };
    expect(mine.id).not.toBe(familyId);
    expect(mine).toMatchObject({ fatherID: r.personID, familyMembers: [] });
    const accounts = await rows<{ person_id: string }>(
      h.database,
      sql`select person_id from family_accounts where tenant_id = ${tenantId}`,
    );
    expect(accounts.map((a) => a.person_id)).toEqual([r.personID]);
  });

  it('answers a wrong password in the nested 401 shape (HTTP 200), and limits attempts', async () => {
    const { api } = await church();
    await register(api, { email: 'ada@example.com' });
    const res = await api.post('/familyLogin', { email: 'ada@example.com', password: 'wrong-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      login: {
        result: {
          statusCode: 401,
          value: {
            token: null,
            tenantID: null,
            message: 'Incorrect e-mail, phone number or password',
            expiryTime: null,
          },
        },
      },
      personID: null,
    });
    const unknown = await api.post('/familyLogin', { email: 'nobody@example.com', password: 'whatever1' });
    expect((unknown.json() as { login: LoginResult }).login.result.statusCode).toBe(401);
    let last = 0;
    for (let i = 0; i < 6; i++)
      last = (await api.post('/familyLogin', { email: 'ada@example.com', password: 'wrong-again' })).statusCode;
    expect(last).toBe(429);
  });

  it('refuses bad input with a bare message (400) and a second account for the same e-mail; nothing written', async () => {
    const { api, tenantId } = await church();
    const people = await countRows(h.database, 'people', tenantId);
    for (const [body, message] of [
      [
        { firstName: 'A', lastName: 'B', email: 'a@b.co', familyRole: 1, password: 'short' },
        'Use at least 8 characters for your password',
      ],
      [
        { firstName: 'A', lastName: 'B', email: 'a@b.co', password: 'long-enough' },
        'Choose your role: Father or Mother',
      ],
      [
        { firstName: 'A', lastName: 'B', familyRole: 1, password: 'long-enough' },
        'Enter your e-mail address or phone number',
      ],
      [
        { firstName: 'A', lastName: 'B', email: 'not-an-email@', familyRole: 1, password: 'long-enough' },
        'Enter a valid e-mail address',
      ],
    ] as const) {
      const res = await api.post('/familyRegister', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toBe(message);
    }
    await register(api, { email: 'dup@example.com' });
    const count = await countRows(h.database, 'people', tenantId);
    const dup = await api.post('/familyRegister', {
      firstName: 'Other',
      lastName: 'Person',
      email: 'DUP@example.com',
      familyRole: 2,
      password: 'long-enough',
    });
    expect(dup.statusCode).toBe(400);
    expect(typeof dup.json()).toBe('string');
    expect(await countRows(h.database, 'people', tenantId)).toBe(count);
    expect(await countRows(h.database, 'families', tenantId)).toBe(1);
    expect(count).toBe(people + 1);
    const noPassword = await api.post('/familyLogin', { email: 'dup@example.com' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toBe('Enter your password');
  });

  it('needs the church session (401)', async () => {
    const anon = client(h.app, null);
    expect((await anon.post('/familyLogin', { email: 'a@b.co', password: 'x' })).statusCode).toBe(401);
    expect(
      (
        await anon.post('/familyRegister', {
          firstName: 'A',
          lastName: 'B',
          email: 'a@b.co',
          familyRole: 1,
          password: 'long-enough',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('events, rooms and RegisterChildren (§4.4)', () => {
  it('lists upcoming events with rooms only: not past, not deleted, not without groups', async () => {
    const { api, tenantId } = await church();
    const s = await sundaySetup(api, tenantId);
    const past = await createEvent(api, utcDate(-2));
    await createSetup(h.database, tenantId, past, s.rooms);
    const deleted = await createEvent(api, utcDate(5));
    await createSetup(h.database, tenantId, deleted, s.rooms, { deleted: true });
    const noRooms = await createEvent(api, utcDate(6));
    await createSetup(h.database, tenantId, noRooms, []);
    const today = await createEvent(api, zoneDate(0));
    await createSetup(h.database, tenantId, today, [s.rooms[0]!]);
    const res = await api.get('/api/CheckInAttendance/upcomingCheckinEvents');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { activityID: string; name: string; date: string; eventBanner: string | null }[];
    expect(list.map((e) => e.activityID)).toEqual([today, s.activityId]);
    expect(list[1]).toMatchObject({ date: utcDate(3), eventBanner: 'https://cdn.example/b.png' });
    expect(list[1]!.name).toMatch(/^Service /);
  });

  it('registers children with the client body once: one record each, one code, twice = the same', async () => {
    const { api, tenantId } = await church();
    const s = await sundaySetup(api, tenantId);
    const rooms = await api.get(`/api/CheckInAttendance/checkinevents?activityId=${s.activityId}`);
    expect(rooms.statusCode).toBe(200);
    const groups = rooms.json() as {
      id: string;
      groupID: string;
      fullGroupName: string;
      personsinAttendance: unknown[];
    }[];
    expect(groups.map((g) => g.groupID).sort()).toEqual([...s.rooms].sort());
    expect(groups.every((g) => g.id === s.setupId && g.personsinAttendance.length === 0)).toBe(true);

    const res = await api.post('/api/CheckInAttendance/RegisterChildren', childrenBody(s));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { status: boolean; response: string; returnObject: string };
    expect(body.response.toLowerCase()).toContain('success');
    expect(body.returnObject).toMatch(/^[ACEFHJKMNPRTUVWXY3479]{4}$/);

    const again = await api.post('/api/CheckInAttendance/RegisterChildren', childrenBody(s, 1));
    expect(again.statusCode).toBe(200);
    expect((again.json() as { returnObject: string }).returnObject).toBe(body.returnObject);
    const records = await rows<{
      person_id: string;
      checked_in_at: Date | null;
      check_in_channel: number;
      group_id: string;
      code: string;
      by: string;
    }>(
      h.database,
      sql`select r.person_id, r.checked_in_at, r.check_in_channel, r.group_id, cc.security_code as code,
                 r.checked_in_by_person_id as by
            from attendance_records r join child_checkins cc on cc.tenant_id = r.tenant_id and cc.id = r.child_checkin_id
           where r.tenant_id = ${tenantId}`,
    );
    expect(records).toHaveLength(2);
    for (const r of records) {
      expect(r.checked_in_at).toBeNull();
      expect(r.check_in_channel).toBe(3);
      expect(r.group_id).toBe(s.rooms[1]);
      expect(r.code).toBe(body.returnObject);
      expect(r.by).toBe(s.parent.personID);
    }
    expect(await countRows(h.database, 'child_checkins', tenantId)).toBe(1);
    const after = await api.get(`/api/CheckInAttendance/checkinevents?activityId=${s.activityId}`);
    const juniors = (
      after.json() as { groupID: string; personsinAttendance: { id: string; isActive: boolean }[] }[]
    ).find((g) => g.groupID === s.rooms[1])!;
    expect(juniors.personsinAttendance.map((p) => p.id).sort()).toEqual([...s.kids].sort());
    expect(juniors.personsinAttendance.every((p) => p.isActive)).toBe(true);

    // the family's counts: registered for one event, not yet attended, nothing missed
    const counts = await api.get(`/api/CheckInAttendance/FamilyAttendanceRecord?familyId=${s.familyId}`);
    expect(counts.statusCode).toBe(200);
    expect((counts.json() as { returnObject: unknown }).returnObject).toEqual({
      allRegisteredEvents: 1,
      totalAbsent: 0,
      allAttendedEvents: 0,
    });
  });

  it('counts attended and missed past events in FamilyAttendanceRecord', async () => {
    const { api, tenantId } = await church();
    const s = await sundaySetup(api, tenantId);
    for (const [days, present] of [
      [-7, true],
      [-14, false],
    ] as const) {
      const ev = await createEvent(api, utcDate(days));
      const setup = await createSetup(h.database, tenantId, ev, s.rooms);
      await h.database.db.execute(
        sql`insert into attendance_records (tenant_id, checkin_attendance_id, person_id, checked_in_at, check_in_channel)
            values (${tenantId}, ${setup}, ${s.kids[0]}, ${present ? sql`now()` : sql`null`}, 3)`,
      );
    }
    const counts = await api.get(`/api/CheckInAttendance/FamilyAttendanceRecord?familyId=${s.familyId}`);
    expect((counts.json() as { returnObject: unknown }).returnObject).toEqual({
      allRegisteredEvents: 2,
      totalAbsent: 1,
      allAttendedEvents: 1,
    });
  });

  it('refuses bad RegisterChildren input with 400 and writes nothing', async () => {
    const { api, tenantId } = await church();
    const s = await sundaySetup(api, tenantId);
    const strayRoom = await createGroup(api, 'Not in this check-in');
    const stranger = await createPerson(api, 'Stray', 'Kid');
    const body = childrenBody(s);
    const cases: [unknown, string][] = [
      [[], 'body'],
      [[{ ...body[0], groupId: strayRoom }], '0.groupId'],
      [[body[0], { ...body[1], personId: stranger }], '1.personId'],
      [[{ ...body[0], activityId: await createEvent(api, utcDate(4)) }], '0.activityId'],
      [[{ ...body[0], personId: 'not-an-id' }], '0.personId'],
    ];
    for (const [payload, field] of cases) {
      const res = await api.post('/api/CheckInAttendance/RegisterChildren', payload);
      expect(res.statusCode, res.body).toBe(400);
      if (field !== 'body') expectBadRequest(res, field);
    }
    const past = await createEvent(api, utcDate(-1));
    const pastSetup = await createSetup(h.database, tenantId, past, s.rooms);
    expectBadRequest(
      await api.post('/api/CheckInAttendance/RegisterChildren', [
        { ...body[0], activityId: past, checkInAttendanceId: pastSetup },
      ]),
      '0.checkInAttendanceId',
    );
    const closed = await createSetup(h.database, tenantId, s.activityId, s.rooms, {
      registrationCutOff: new Date(Date.now() - 60_000),
    });
    expectBadRequest(
      await api.post('/api/CheckInAttendance/RegisterChildren', [{ ...body[0], checkInAttendanceId: closed }]),
      '0.checkInAttendanceId',
    );
    expect(await countRows(h.database, 'attendance_records', tenantId)).toBe(0);
    expect(await countRows(h.database, 'child_checkins', tenantId)).toBe(0);
  });

  it("answers 404 for another church's event, set-up, family or child, and 401 without a session", async () => {
    const a = await church();
    const b = await church();
    const s = await sundaySetup(a.api, a.tenantId);
    expect((await b.api.get(`/api/CheckInAttendance/checkinevents?activityId=${s.activityId}`)).statusCode).toBe(404);
    expect((await b.api.get(`/api/CheckInAttendance/FamilyAttendanceRecord?familyId=${s.familyId}`)).statusCode).toBe(
      404,
    );
    expect((await b.api.post('/api/CheckInAttendance/RegisterChildren', childrenBody(s))).statusCode).toBe(404);
    const bs = await sundaySetup(b.api, b.tenantId);
    const mixed = await b.api.post('/api/CheckInAttendance/RegisterChildren', [
      { ...childrenBody(bs)[0], personId: s.kids[0] },
    ]);
    expect(mixed.statusCode).toBe(404);
    expect(await countRows(h.database, 'attendance_records', a.tenantId)).toBe(0);
    expect(await countRows(h.database, 'attendance_records', b.tenantId)).toBe(0);
    expect((await b.api.get('/api/CheckInAttendance/upcomingCheckinEvents')).json()).toHaveLength(1);
    const anon = client(h.app, null);
    for (const r of [
      await anon.get('/api/CheckInAttendance/upcomingCheckinEvents'),
      await anon.get(`/api/CheckInAttendance/checkinevents?activityId=${s.activityId}`),
      await anon.get(`/api/CheckInAttendance/FamilyAttendanceRecord?familyId=${s.familyId}`),
      await anon.post('/api/CheckInAttendance/RegisterChildren', childrenBody(s)),
    ])
      expect(r.statusCode).toBe(401);
  });
});

describe("the church's today, codes and upper-case ids", () => {
  it("takes today in the church's time zone, not UTC's", async () => {
    const { api, tenantId } = await church();
    // a zone whose date differs from UTC's now: UTC-11 before 11:00 UTC, UTC+13 after
    const [country, zone] = new Date().getUTCHours() < 11 ? ['AS', 'Pacific/Pago_Pago'] : ['WS', 'Pacific/Apia'];
    await h.database.db.execute(sql`update tenants set country_code = ${country} where id = ${tenantId}`);
    expect(zoneDate(0, zone)).not.toBe(utcDate(0));
    const s = await sundaySetup(api, tenantId);
    const today = await createEvent(api, zoneDate(0, zone));
    const todaySetup = await createSetup(h.database, tenantId, today, s.rooms);
    const yesterday = await createEvent(api, zoneDate(-1, zone));
    const yesterdaySetup = await createSetup(h.database, tenantId, yesterday, s.rooms);
    const list = (await api.get('/api/CheckInAttendance/upcomingCheckinEvents')).json() as { activityID: string }[];
    expect(list.map((e) => e.activityID)).toEqual([today, s.activityId]);
    const body = (activityId: string, setupId: string) => childrenBody({ ...s, activityId, setupId });
    const over = await api.post('/api/CheckInAttendance/RegisterChildren', body(yesterday, yesterdaySetup));
    expectBadRequest(over, '0.checkInAttendanceId');
    expect(over.body).toContain('This event is over');
    const ok = await api.post('/api/CheckInAttendance/RegisterChildren', body(today, todaySetup));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers 400 (not an empty code) when every child is already present without a code', async () => {
    const { api, tenantId } = await church();
    const s = await sundaySetup(api, tenantId);
    for (const kid of s.kids)
      await h.database.db.execute(
        sql`insert into attendance_records (tenant_id, checkin_attendance_id, person_id, group_id, checked_in_at, check_in_channel)
            values (${tenantId}, ${s.setupId}, ${kid}, ${s.rooms[0]}, now(), 0)`,
      );
    const res = await api.post('/api/CheckInAttendance/RegisterChildren', childrenBody(s));
    expectBadRequest(res, '0.personId');
    expect(res.body).toContain('already checked in at the church');
    expect(await countRows(h.database, 'child_checkins', tenantId)).toBe(0);
  });

  it('accepts ids in upper case on every family-portal call', async () => {
    const { api, tenantId, token: churchToken } = await church();
    const s = await sundaySetup(api, tenantId);
    const asParent = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      h.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${churchToken}`, 'x-family-token': s.parent.token! },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const up = (id: string) => id.toUpperCase();
    const reg = await asParent(
      'POST',
      '/api/CheckInAttendance/RegisterChildren',
      childrenBody(s).map((it) => ({
        personId: up(it.personId),
        activityId: up(it.activityId),
        checkInAttendanceId: up(it.checkInAttendanceId),
        groupId: up(it.groupId),
        checkInBy: up(it.checkInBy),
      })),
    );
    expect(reg.statusCode, reg.body).toBe(200);
    const rooms = await asParent('GET', `/api/CheckInAttendance/checkinevents?activityId=${up(s.activityId)}`);
    expect(rooms.statusCode, rooms.body).toBe(200);
    const seen = (rooms.json() as { personsinAttendance: { id: string }[] }[]).flatMap((g) =>
      g.personsinAttendance.map((p) => p.id),
    );
    expect(seen.sort()).toEqual([...s.kids].sort());
    const counts = await asParent('GET', `/api/CheckInAttendance/FamilyAttendanceRecord?familyId=${up(s.familyId)}`);
    expect(counts.statusCode, counts.body).toBe(200);
    expect((counts.json() as { returnObject: { allRegisteredEvents: number } }).returnObject.allRegisteredEvents).toBe(
      1,
    );
    // the parent's own family, its id in upper case, within the family token's scope
    const family = await asParent('GET', `/api/Family/family?Id=${up(s.familyId)}`);
    expect(family.statusCode, family.body).toBe(200);
    expect((family.json() as { id: string }).id).toBe(s.familyId);
  });
});

describe("Steward's shell: the X-Family-Token header", () => {
  it("scopes the family calls to the signed-in parent's family; a bad token is 401; logout ends it", async () => {
    const { api, tenantId, token: churchToken } = await church();
    const s = await sundaySetup(api, tenantId);
    const other = await sundaySetup(api, tenantId);
    const token = s.parent.token!;
    const asParent = (method: 'GET' | 'POST', url: string, payload?: unknown, familyToken = token) =>
      h.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${churchToken}`, 'x-family-token': familyToken },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const own = await asParent('GET', '/api/Family/family');
    expect(own.statusCode, own.body).toBe(200);
    expect((own.json() as { id: string }).id).toBe(s.familyId);
    expect((await asParent('GET', `/api/Family/family?Id=${other.familyId}`)).statusCode).toBe(404);
    expect(
      (await asParent('GET', `/api/CheckInAttendance/FamilyAttendanceRecord?familyId=${other.familyId}`)).statusCode,
    ).toBe(404);
    const bad = await asParent('GET', '/api/Family/family', undefined, 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Your family sign-in has expired; sign in again' });
    // another church's session with this church's family token
    const b = await church();
    const crossed = await h.app.inject({
      method: 'GET',
      url: '/api/Family/family',
      headers: { authorization: `Bearer ${b.token}`, 'x-family-token': token },
    });
    expect(crossed.statusCode).toBe(401);

    expect((await asParent('POST', '/api/CheckInAttendance/RegisterChildren', childrenBody(other))).statusCode).toBe(
      404,
    );
    // without checkInBy the signed-in parent brings the children
    const mine = await asParent(
      'POST',
      '/api/CheckInAttendance/RegisterChildren',
      childrenBody(s).map(({ checkInBy: _ignored, ...rest }) => rest),
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const by = await rows<{ by: string }>(
      h.database,
      sql`select distinct checked_in_by_person_id as by from attendance_records where tenant_id = ${tenantId}`,
    );
    expect(by.map((r) => r.by)).toEqual([s.parent.personID]);
    // the rooms list shows only this family's children
    await api.post('/api/CheckInAttendance/RegisterChildren', childrenBody(other));
    const rooms = await asParent('GET', `/api/CheckInAttendance/checkinevents?activityId=${s.activityId}`);
    const seen = (rooms.json() as { personsinAttendance: { id: string }[] }[]).flatMap((g) =>
      g.personsinAttendance.map((p) => p.id),
    );
    expect(seen.sort()).toEqual([...s.kids].sort());

    expect((await asParent('POST', '/familyLogout')).statusCode).toBe(204);
    expect((await asParent('GET', '/api/Family/family')).statusCode).toBe(401);
  });
});

describe('POST /api/Media/UploadProfilePicture and GET /GetChurchProfileById (§4.4)', () => {
  const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 7)]);
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
  const upload = async (token: string | null, bytes: Buffer, type: string) => {
    const { body, type: ct } = await multipart({ mediaFileImage: new Blob([bytes], { type }) });
    return h.app.inject({
      method: 'POST',
      url: '/api/Media/UploadProfilePicture',
      payload: body,
      headers: { 'content-type': ct, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  };

  it('stores an image and answers pictureUrl; refuses a PDF (400) and no session (401)', async () => {
    const c = await signupChurch(h.app);
    const ok = await upload(c.token, PNG, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    const { pictureUrl } = ok.json() as { pictureUrl: string };
    expect(pictureUrl).toMatch(new RegExp(`/api/Media/File/${c.tenantId}/[0-9a-f-]{36}\\.png$`));
    expect((await h.app.inject({ method: 'GET', url: new URL(pictureUrl).pathname })).statusCode).toBe(200);
    expectBadRequest(await upload(c.token, PDF, 'application/pdf'), 'mediaFileImage');
    expect((await upload(null, PNG, 'image/png')).statusCode).toBe(401);
    const profile = await client(h.app, c.token).get(`/GetChurchProfileById?tenantId=${c.tenantId}`);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ returnObject: { name: expect.any(String) } });
  });
});
