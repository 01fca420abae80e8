import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CHECKIN_MESSAGES as M } from '@steward/contracts/attendance-public';
import { queryRows } from '../src/db/client.ts';
import { client, signupChurch, startHarness, type Client, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';
import {
  createCheckinField,
  createEvent,
  createGroup,
  createSetup,
  enableSms,
  footprint,
  insertPerson,
  messagesTo,
  peopleWithPhoneKey,
  recordsOf,
} from './attendance-public-checkin-support.ts';

/**
 * The public self check-in (issue 11 'Public self check-in'; spec 2.11, §3-§5, §8;
 * existing-client-api §4.2): the event, the phone search (masked, limited), and MarkAttendance
 * with the existing client's exact bodies: a new person, a found person, twice = once (one
 * record, one SMS, one e-mail), the cut-off, bad input and another church's ids (nothing
 * written), and the search's rate limits per address and per event.
 */
let h: Harness;
let admin: Client;
let tenantId: string;
let pub: Client;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();
/** A client address of its own per run: the search limits count per address in the database's rate_limits. */
const randomAddress = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
const address = randomAddress();

let choir = '';
let ushers = '';
let recovery = '';
let hearField = '';
let emailField = '';
let setup: { id: string; code: string };
let closedSetup: { id: string; code: string };
let adaeze = '';

// another church, for foreign ids
let otherTenant = '';
let otherGroup = '';
let otherPerson = '';
let otherField = '';

beforeAll(async () => {
  h = await startHarness({ MESSAGING_WORKERS: '0' });
  pub = client(h.app, null);
  const c = await signupChurch(h.app, { churchName: 'Grace Chapel' });
  tenantId = c.tenantId;
  admin = client(h.app, c.token);
  await enableSms(h.database, tenantId, 'GraceChapel');
  choir = await createGroup(admin, 'Choir');
  ushers = await createGroup(admin, 'Ushers');
  recovery = await createGroup(admin, 'Recovery');
  hearField = await createCheckinField(admin, tenantId, 'How did you hear about us?', 'DropdownList', 'Friend,Radio');
  emailField = await createCheckinField(admin, tenantId, 'Work e-mail', 'Email');
  const event = await createEvent(admin, 'Sunday Service', '2026-05-03');
  setup = await createSetup(h.database, tenantId, {
    activityId: event,
    groupIds: [ushers, choir],
    cutOff: tomorrow(),
    checkinSms: 'Welcome {firstName}, you are checked in at {churchName}',
    checkinSmsSubject: 'GraceChapel',
    checkinEmail: 'Dear {firstName},\nthank you for coming & worshipping with us.',
    checkinEmailSubject: 'Welcome to Sunday Service',
  });
  const past = await createEvent(admin, 'Vigil', '2026-04-01');
  closedSetup = await createSetup(h.database, tenantId, {
    activityId: past,
    groupIds: [choir],
    cutOff: new Date(Date.now() - 60_000).toISOString(),
  });
  adaeze = await insertPerson(h.database, tenantId, {
    firstName: 'Adaeze',
    lastName: 'Okonkwo',
    phone: '08031234567',
    email: 'adaeze.okonkwo@gmail.com',
    address: '14 Marina Road, Lagos',
  });
  await h.database.db.execute(
    sql`insert into group_members (tenant_id, group_id, person_id) values (${tenantId}, ${choir}, ${adaeze}),
          (${tenantId}, ${recovery}, ${adaeze})`,
  );

  const o = await signupChurch(h.app, { churchName: 'Other Church' });
  otherTenant = o.tenantId;
  const otherAdmin = client(h.app, o.token);
  otherGroup = await createGroup(otherAdmin, 'Choir');
  otherField = await createCheckinField(otherAdmin, otherTenant, 'How did you hear about us?', 'Text');
  otherPerson = await insertPerson(h.database, otherTenant, {
    firstName: 'Bisi',
    lastName: 'Other',
    phone: '+2348039998877',
  });
});
afterAll(async () => h?.close());

describe('GET /api/publiccontent/WebCheckInGetEventDetails', () => {
  it('answers the event bare, with the church and the set-up groups by name', async () => {
    const res = await h.app.inject({
      url: `/api/publiccontent/WebCheckInGetEventDetails?checkinId=${setup.code}`,
      headers: { accept: 'application/json, text/plain, */*' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: setup.id,
      tenantID: tenantId,
      attendanceCode: setup.code,
      fullEventName: 'Sunday Service',
      eventDate: '2026-05-03T00:00:00',
      checkInCutOffTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      isClosed: false,
      churchName: 'Grace Chapel',
      churchLogo: null,
      groups: [
        { id: choir, name: 'Choir' },
        { id: ushers, name: 'Ushers' },
      ],
    });
  });

  it('says a set-up past its cut-off is closed', async () => {
    const res = await pub.get(`/api/publiccontent/WebCheckInGetEventDetails?checkinid=${closedSetup.code}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().isClosed).toBe(true);
    expect(new Date(res.json().checkInCutOffTime).getTime()).toBeLessThan(Date.now());
  });

  it('answers 404 JSON for an unknown code and for a deleted set-up', async () => {
    const unknown = await pub.get('/api/publiccontent/WebCheckInGetEventDetails?checkinId=no-such-code');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: false, returnObject: null });
    const event = await createEvent(admin, 'Deleted Event', '2026-06-01');
    const gone = await createSetup(h.database, tenantId, { activityId: event, groupIds: [choir] });
    await h.database.db.execute(sql`update checkin_attendances set deleted_at = now() where id = ${gone.id}`);
    const res = await pub.get(`/api/publiccontent/WebCheckInGetEventDetails?checkinId=${gone.code}`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('answers 400 naming checkinId when it is missing', async () => {
    expectBadRequest(await pub.get('/api/publiccontent/WebCheckInGetEventDetails'), 'checkinId');
  });
});

describe('GET /searchmemberbyphone', () => {
  const search = (phone: string, checkinId = setup.code) =>
    h.app.inject({
      url: `/searchmemberbyphone?searchtext=${encodeURIComponent(phone)}&&checkinId=${checkinId}`,
      headers: { accept: 'application/json, text/plain, */*' },
      remoteAddress: address,
    });

  it('finds a member by a differently formatted phone, masked, with the set-up groups only', async () => {
    const res = await search('+234 803 123 4567');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [found, ...rest] = res.json() as Record<string, unknown>[];
    expect(rest).toEqual([]);
    expect(found).toEqual({
      personId: adaeze,
      name: 'Ad**** Ok*****',
      email: 'a***@g****.com',
      address: '1* Ma**** Ro**, La***',
      dayOfBirth: null,
      monthOfBirth: null,
      hasBirthday: false,
      // Recovery is not a group of this check-in: not revealed
      groupsBelongingTo: [{ groupId: choir, name: 'Choir' }],
      avaliableGroups: [
        { id: choir, groupId: choir, name: 'Choir' },
        { id: ushers, groupId: ushers, name: 'Ushers' },
      ],
    });
    // nothing unmasked anywhere in the answer
    for (const secret of ['Adaeze', 'Okonkwo', 'adaeze', 'okonkwo', 'gmail', 'Marina', 'Lagos', 'Recovery', '14 '])
      expect(res.body).not.toContain(secret);
  });

  it('answers one entry without a person, with the groups, when nobody has the number', async () => {
    const res = await search('08050000000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        personId: null,
        name: '',
        email: '',
        address: '',
        dayOfBirth: null,
        monthOfBirth: null,
        hasBirthday: false,
        groupsBelongingTo: [],
        avaliableGroups: [
          { id: choir, groupId: choir, name: 'Choir' },
          { id: ushers, groupId: ushers, name: 'Ushers' },
        ],
      },
    ]);
  });

  it("never finds another church's people", async () => {
    const res = await search('08039998877');
    expect(res.json()[0].personId).toBeNull();
    expect(res.body).not.toContain(otherPerson);
  });

  it('lists everyone sharing the number (a family phone), earliest first', async () => {
    const a = await insertPerson(h.database, tenantId, { firstName: 'Emeka', lastName: 'Eze', phone: '0803 777 1111' });
    // recorded later (a clock tick of its own: PGlite's timestamps can tie within a millisecond)
    await new Promise((r) => setTimeout(r, 20));
    const b = await insertPerson(h.database, tenantId, {
      firstName: 'Ngozi',
      lastName: 'Eze',
      phone: '+2348037771111',
    });
    const res = await search('08037771111');
    expect((res.json() as { personId: string; name: string }[]).map((p) => [p.personId, p.name])).toEqual([
      [a, 'Em*** E**'],
      [b, 'Ng*** E**'],
    ]);
  });

  it('refuses fewer than 11 digits, an unknown set-up, and a closed event', async () => {
    expectBadRequest(await search('0803-123-456'), 'searchtext');
    expectBadRequest(await search('abcdefghijkl'), 'searchtext');
    expect((await search('08031234567', 'no-such-code')).statusCode).toBe(404);
    const closed = await search('08031234567', closedSetup.code);
    expectBadRequest(closed, 'checkinId');
    expect(closed.json().response).toContain(M.closed);
  });
});

describe('POST /MarkAttendance', () => {
  it('checks a new person in with the client body: person, groups, answers, one record, one SMS and e-mail', async () => {
    const before = await footprint(h.database, tenantId);
    const body = {
      person: {
        firstName: 'Chinedu Okafor',
        email: 'chinedu@example.org',
        homeAddress: undefined,
        mobilePhone: '08051112222',
        peopleInGroups: [{ id: ushers }],
        monthOfBirth: 3,
        dayOfBirth: 14,
      },
      attendanceCode: setup.code,
      customAttributeData: [
        { customAttributeID: hearField, data: 'radio', entityID: undefined },
        { customAttributeID: emailField, data: undefined, entityID: undefined },
      ],
    };
    const res = await pub.post('/MarkAttendance', body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      response: M.success,
      returnObject: { attendanceCode: setup.code, fullEventName: 'Sunday Service', alreadyCheckedIn: false },
    });
    const [person, ...others] = await peopleWithPhoneKey(h.database, tenantId, '8051112222');
    expect(others).toEqual([]);
    expect(person).toMatchObject({
      first_name: 'Chinedu',
      last_name: 'Okafor',
      email: 'chinedu@example.org',
      home_address: null,
      day_of_birth: 14,
      month_of_birth: 3,
    });
    const records = (await recordsOf(h.database, tenantId, setup.id)).filter((r) => r.person_id === person!.id);
    expect(records).toHaveLength(1);
    expect(records[0]!.check_in_channel).toBe(1);
    expect(records[0]!.checked_in_at).not.toBeNull();
    const groups = await queryRows<{ group_id: string }>(
      h.database.db,
      sql`select group_id from group_members where tenant_id = ${tenantId} and person_id = ${person!.id}`,
    );
    expect(groups.map((g) => g.group_id)).toEqual([ushers]);
    const answers = await queryRows<{ custom_field_id: string; entity_id: string; data: string }>(
      h.database.db,
      sql`select custom_field_id, entity_id, data from custom_field_values where tenant_id = ${tenantId}`,
    );
    // stored for this check-in (the attendance record), in the option's spelling; no answer = no row
    expect(answers).toEqual([{ custom_field_id: hearField, entity_id: records[0]!.id, data: 'Radio' }]);
    const sent = await messagesTo(h.database, tenantId, person!.id);
    expect(sent).toMatchObject({ sms: 1, email: 1 });
    expect(sent.smsBody).toBe('Welcome {firstName}, you are checked in at {churchName}');
    expect(sent.emailBody).toBe('Dear {firstName},<br>thank you for coming &amp; worshipping with us.');
    const after = await footprint(h.database, tenantId);
    expect(after.people).toBe(before.people + 1);
    expect(after.records).toBe(before.records + 1);

    // twice: the same person again (found by phone now), one record and one SMS and e-mail still
    const known = {
      personId: person!.id,
      mobilePhone: '+234 805 111 2222',
      homeAddress: '',
      email: '',
      peopleInGroups: [],
      monthOfBirth: null,
      dayOfBirth: null,
    };
    const again = await pub.post('/MarkAttendance', {
      person: known,
      attendanceCode: setup.code,
      customAttributeData: [{ customAttributeID: hearField, data: 'Friend', entityID: person!.id }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ response: M.alreadyCheckedIn, returnObject: { alreadyCheckedIn: true } });
    expect(again.json().returnObject.checkInTime).toBe(res.json().returnObject.checkInTime);
    expect((await recordsOf(h.database, tenantId, setup.id)).filter((r) => r.person_id === person!.id)).toHaveLength(1);
    expect(await messagesTo(h.database, tenantId, person!.id)).toMatchObject({ sms: 1, email: 1 });
    const answer = await queryRows<{ data: string }>(
      h.database.db,
      sql`select data from custom_field_values where tenant_id = ${tenantId} and entity_id = ${records[0]!.id}`,
    );
    expect(answer).toEqual([{ data: 'Friend' }]);

    // marked absent by an administrator, then checked in again: present again, no second message
    const absent = await admin.post('/api/CheckInAttendance/MarkAttendance', {
      checkInAttendanceID: setup.id,
      personAttendanceID: records[0]!.id,
      isPresent: false,
    });
    expect(absent.json()).toBe('Marked absent');
    const back = await pub.post('/MarkAttendance', {
      person: known,
      attendanceCode: setup.code,
      customAttributeData: [],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ response: M.success, returnObject: { alreadyCheckedIn: false } });
    expect(await messagesTo(h.database, tenantId, person!.id)).toMatchObject({ sms: 1, email: 1 });
  });

  it('checks a found person in by personId: fills only what is missing, never the name or e-mail', async () => {
    const id = await insertPerson(h.database, tenantId, {
      firstName: 'Funke',
      lastName: 'Bello',
      phone: '08062223333',
      email: 'funke@example.org',
    });
    const res = await pub.post('/MarkAttendance', {
      person: {
        personId: id,
        firstName: 'Fu*** Be***',
        mobilePhone: '0806 222 3333',
        homeAddress: '5 Allen Avenue',
        email: 'someone.else@example.org',
        peopleInGroups: [{ id: choir }],
        monthOfBirth: 7,
        dayOfBirth: 2,
      },
      attendanceCode: setup.code,
      customAttributeData: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [p] = await peopleWithPhoneKey(h.database, tenantId, '8062223333');
    expect(p).toMatchObject({
      id,
      first_name: 'Funke',
      last_name: 'Bello',
      email: 'funke@example.org',
      home_address: '5 Allen Avenue',
      day_of_birth: 2,
      month_of_birth: 7,
    });
    expect(await messagesTo(h.database, tenantId, id)).toMatchObject({ sms: 1, email: 1 });
  });

  it("makes one person of a new visitor's submission sent twice at once (a retry, a second tap)", async () => {
    const body = {
      person: {
        firstName: 'Segun  Arinze',
        mobilePhone: '0813 444 5555',
        email: 'segun@example.org',
        peopleInGroups: [],
      },
      attendanceCode: setup.code,
      customAttributeData: [],
    };
    const answers = await Promise.all([pub.post('/MarkAttendance', body), pub.post('/MarkAttendance', body)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().returnObject.alreadyCheckedIn).sort()).toEqual([false, true]);
    const people = await peopleWithPhoneKey(h.database, tenantId, '8134445555');
    expect(people).toHaveLength(1);
    expect(people[0]).toMatchObject({ first_name: 'Segun', last_name: 'Arinze' });
    expect((await recordsOf(h.database, tenantId, setup.id)).filter((r) => r.person_id === people[0]!.id)).toHaveLength(
      1,
    );
    expect(await messagesTo(h.database, tenantId, people[0]!.id)).toMatchObject({ sms: 1, email: 1 });
  });

  it('refuses a check-in after the cut-off with the closed text, writing nothing', async () => {
    const before = await footprint(h.database, tenantId);
    const res = await pub.post('/MarkAttendance', {
      person: { firstName: 'Late Comer', mobilePhone: '08070001111', peopleInGroups: [] },
      attendanceCode: closedSetup.code,
      customAttributeData: [],
    });
    expectBadRequest(res, 'attendanceCode');
    expect(res.json().response).toBe(`attendanceCode: ${M.closed}`);
    expect(await footprint(h.database, tenantId)).toEqual(before);
  });

  it('refuses bad input naming the field, writing nothing', async () => {
    const before = await footprint(h.database, tenantId);
    const base = {
      person: { firstName: 'Tunde Ade', mobilePhone: '08090001111', email: '', peopleInGroups: [{ id: choir }] },
      attendanceCode: setup.code,
      customAttributeData: [{ customAttributeID: hearField, data: 'Friend' }],
    };
    const post = (patch: Record<string, unknown>, person: Record<string, unknown> = {}) =>
      pub.post('/MarkAttendance', { ...base, ...patch, person: { ...base.person, ...person } });
    expectBadRequest(await post({}, { mobilePhone: undefined }), 'person.mobilePhone');
    expectBadRequest(await post({}, { mobilePhone: '0809000' }), 'person.mobilePhone');
    expectBadRequest(await post({}, { firstName: '  ' }), 'person.firstName');
    expectBadRequest(await post({}, { email: 'not-an-email' }), 'person.email');
    expectBadRequest(await post({}, { dayOfBirth: 31, monthOfBirth: 2 }), 'person.dayOfBirth');
    expectBadRequest(await post({}, { monthOfBirth: 13 }), 'person.monthOfBirth');
    expectBadRequest(await post({}, { personId: 'nope' }), 'person.personId');
    expectBadRequest(await post({ attendanceCode: '' }), 'attendanceCode');
    expectBadRequest(await post({}, { peopleInGroups: [{ id: recovery }] }), 'person.peopleInGroups.0.id');
    expectBadRequest(
      await post({ customAttributeData: [{ customAttributeID: hearField, data: 'Television' }] }),
      'customAttributeData.0.data',
    );
    expectBadRequest(
      await post({ customAttributeData: [{ customAttributeID: emailField, data: 'nope' }] }),
      'customAttributeData.0.data',
    );
    // a found person must be checked in with their own number
    expectBadRequest(await post({}, { personId: adaeze, mobilePhone: '08090001111' }), 'person.mobilePhone');
    expect((await post({ attendanceCode: 'no-such-code' })).statusCode).toBe(404);
    expect(await footprint(h.database, tenantId)).toEqual(before);
  });

  it("refuses another church's group, person and field, writing nothing", async () => {
    const before = await footprint(h.database, tenantId);
    const otherBefore = await footprint(h.database, otherTenant);
    const base = {
      person: { firstName: 'Kemi Lawal', mobilePhone: '08091112222', peopleInGroups: [] as { id: string }[] },
      attendanceCode: setup.code,
      customAttributeData: [] as { customAttributeID: string; data: string }[],
    };
    expectBadRequest(
      await pub.post('/MarkAttendance', { ...base, person: { ...base.person, peopleInGroups: [{ id: otherGroup }] } }),
      'person.peopleInGroups.0.id',
    );
    const foreign = await pub.post('/MarkAttendance', {
      ...base,
      person: { personId: otherPerson, mobilePhone: '+2348039998877', peopleInGroups: [] },
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expectBadRequest(
      await pub.post('/MarkAttendance', {
        ...base,
        customAttributeData: [{ customAttributeID: otherField, data: 'Friend' }],
      }),
      'customAttributeData.0.customAttributeID',
    );
    expect(await footprint(h.database, tenantId)).toEqual(before);
    expect(await footprint(h.database, otherTenant)).toEqual(otherBefore);
  });

  it('checks in without SMS when the church cannot send one; the e-mail still goes', async () => {
    const o = await signupChurch(h.app, { churchName: 'No Units Church' });
    const api = client(h.app, o.token);
    const g = await createGroup(api, 'Youth');
    const event = await createEvent(api, 'Youth Night', '2026-05-08');
    const s = await createSetup(h.database, o.tenantId, {
      activityId: event,
      groupIds: [g],
      checkinSms: 'Welcome!',
      // a rich-text editor's HTML is sent as written
      checkinEmail: '<p>Hello {firstName},</p><p>welcome!</p>',
    });
    const res = await pub.post('/MarkAttendance', {
      person: { firstName: 'Ife', mobilePhone: '08011112222', email: 'ife@example.org', peopleInGroups: [{ id: g }] },
      attendanceCode: s.code,
      customAttributeData: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [p] = await peopleWithPhoneKey(h.database, o.tenantId, '8011112222');
    expect(p).toMatchObject({ first_name: 'Ife', last_name: '' });
    expect(await messagesTo(h.database, o.tenantId, p!.id)).toMatchObject({
      sms: 0,
      email: 1,
      emailBody: '<p>Hello {firstName},</p><p>welcome!</p>',
    });
    expect(await recordsOf(h.database, o.tenantId, s.id)).toHaveLength(1);
  });
});

describe('the phone search limits (per client address and per event)', () => {
  let lh: Harness;
  let first: { id: string; code: string };
  let second: { id: string; code: string };
  const search = (code: string, remoteAddress: string) =>
    lh.app.inject({ url: `/searchmemberbyphone?searchtext=08031234567&&checkinId=${code}`, remoteAddress });

  beforeAll(async () => {
    lh = await startHarness({
      MESSAGING_WORKERS: '0',
      CHECKIN_SEARCH_RATE_MAX: '3',
      CHECKIN_SEARCH_EVENT_RATE_MAX: '5',
    });
    const c = await signupChurch(lh.app);
    const api = client(lh.app, c.token);
    const g = await createGroup(api, 'Choir');
    first = await createSetup(lh.database, c.tenantId, {
      activityId: await createEvent(api, 'Sunday Service', '2026-05-03'),
      groupIds: [g],
    });
    second = await createSetup(lh.database, c.tenantId, {
      activityId: await createEvent(api, 'Midweek Service', '2026-05-06'),
      groupIds: [g],
    });
  });
  afterAll(async () => lh?.close());

  it('answers 429 with a JSON message past the per-address limit; another address goes on', async () => {
    const a = randomAddress();
    for (let i = 0; i < 3; i++) expect((await search(first.code, a)).statusCode).toBe(200);
    const refused = await search(first.code, a);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/json/);
    expect(refused.json()).toEqual({ message: M.tooManySearches });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the limit is the address's, whatever the event
    expect((await search(second.code, a)).statusCode).toBe(429);
    expect((await search(first.code, randomAddress())).statusCode).toBe(200);
  });

  it('answers 429 past the per-event limit, from any address; another event goes on', async () => {
    // first's count so far: 3 + 1 above (the refused ones were refused before the event counted)
    expect((await search(first.code, randomAddress())).statusCode).toBe(200);
    const refused = await search(first.code, randomAddress());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: M.tooManySearches });
    expect((await search(second.code, randomAddress())).statusCode).toBe(200);
  });
});

describe('root paths with the web app served', () => {
  let wh: Harness;
  let dist: string;
  let code = '';
  const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
  const AXIOS = 'application/json, text/plain, */*';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'steward-checkin-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root">steward-web-app</div>');
    wh = await startHarness({ MESSAGING_WORKERS: '0', WEB_DIST: dist });
    const c = await signupChurch(wh.app);
    const api = client(wh.app, c.token);
    code = (
      await createSetup(wh.database, c.tenantId, {
        activityId: await createEvent(api, 'Sunday Service', '2026-05-03'),
        groupIds: [await createGroup(api, 'Choir')],
      })
    ).code;
  });
  afterAll(async () => {
    await wh?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("answers the existing client's calls with JSON and a browser's navigation with the page", async () => {
    const search = await wh.app.inject({
      url: `/searchmemberbyphone?searchtext=08031234567&&checkinId=${code}`,
      headers: { accept: AXIOS },
    });
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-type']).toMatch(/json/);
    const mark = await wh.app.inject({
      method: 'POST',
      url: '/MarkAttendance',
      headers: { accept: AXIOS },
      payload: { person: { firstName: 'Ada', mobilePhone: '08031234567' }, attendanceCode: code },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    expect(mark.headers['content-type']).toMatch(/json/);
    for (const url of [`/checkin/e/${code}`, `/searchmemberbyphone?searchtext=08031234567&checkinId=${code}`]) {
      const page = await wh.app.inject({ url, headers: { accept: NAVIGATION } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('steward-web-app');
    }
  });
});
