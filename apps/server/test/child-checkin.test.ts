import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import { SECURITY_CODE_ALPHABET } from '../src/modules/attendance/security-codes.ts';
import { client, countRows, signupChurch, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest, NIL_ID } from './fixtures.ts';
import {
  createEvent,
  createFamily,
  createSetup,
  doorChurch,
  utcToday,
  type DoorChurch,
  type Family,
} from './child-checkin-support.ts';

/*
 * Child check-in at the door (issue 11 'Child check-in, for real'): Steward's /api/ChildCheckin
 * calls and the existing client's retrieveFamily and familyGuidians (existing-client-api §4.3),
 * through the HTTP API on a real database.
 */

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ MESSAGING_WORKERS: '0' });
});
afterAll(async () => {
  await h.close();
});

interface Labels {
  childCheckinId: string;
  securityCode: string;
  qrCode: string;
  churchName: string;
  eventName: string;
  eventDate: string;
  familyName: string | null;
  checkedInBy: { personId: string; name: string; phone: string | null } | null;
  children: {
    attendanceRecordId: string;
    personId: string;
    firstName: string;
    lastName: string;
    room: string | null;
    careNotes: string | null;
    checkedOutAt: string | null;
  }[];
}

interface FamilyHit {
  familyId: string;
  familyName: string;
  members: {
    personId: string;
    firstName: string;
    familyRoleId: number;
    familyRole: string;
    isChild: boolean;
    isGuardian: boolean;
    careNotes: string | null;
    status: { attendanceRecordId: string; roomName: string | null; checkedInAt: string | null } | null;
  }[];
}

const tables = ['child_checkins', 'attendance_records', 'checkout_attempts'];
async function counts(tenantId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await countRows(h.database, t, tenantId);
  return out;
}

async function checkIn(c: DoorChurch, f: Family, extra: Record<string, unknown> = {}): Promise<Labels> {
  const res = await c.api.post('/api/ChildCheckin/checkin', {
    checkInAttendanceId: c.setupId,
    familyId: f.familyId,
    checkedInByPersonId: f.fatherId,
    children: [
      { personId: f.children.ada, groupId: c.rooms.toddlers },
      { personId: f.children.tobi, groupId: c.rooms.juniors },
    ],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { status: boolean; response: string; returnObject: Labels };
  expect(body.status).toBe(true);
  return body.returnObject;
}

/** A new church with a door set-up, one family (two children) and that family checked in by the father. */
async function checkedInFamily(): Promise<{ c: DoorChurch; f: Family; labels: Labels }> {
  const c = await doorChurch(h.app, h.database);
  const f = await createFamily(c, h.database);
  return { c, f, labels: await checkIn(c, f) };
}

describe('GET /api/ChildCheckin/events', () => {
  it("lists the open set-ups with their rooms, the kiosk's date first; not deleted, closed or another church's", async () => {
    const c = await doorChurch(h.app, h.database);
    const other = await doorChurch(h.app, h.database);
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    const older = await createSetup(h.database, c.tenantId, await createEvent(c.api, 'Midweek', lastWeek), [
      c.rooms.juniors,
    ]);
    await createSetup(h.database, c.tenantId, c.activityId, [c.rooms.toddlers], { deleted: true });
    await createSetup(h.database, c.tenantId, c.activityId, [c.rooms.toddlers], {
      cutOff: new Date(Date.now() - 60_000),
    });
    const res = await c.api.get(`/api/ChildCheckin/events?date=${utcToday()}`);
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json() as {
      checkInAttendanceId: string;
      isToday: boolean;
      eventName: string;
      rooms: { name: string }[];
    }[];
    expect(events.map((e) => e.checkInAttendanceId)).toEqual([c.setupId, older]);
    expect(events[0]).toMatchObject({ isToday: true, eventName: 'Sunday Service' });
    expect(events[0]!.rooms.map((r) => r.name)).toEqual(['Juniors', 'Toddlers']);
    expect(events[1]!.isToday).toBe(false);
    expect(events.map((e) => e.checkInAttendanceId)).not.toContain(other.setupId);
    // the kiosk's own date decides which set-ups come first
    const then = (await c.api.get(`/api/ChildCheckin/events?date=${lastWeek}`)).json() as {
      checkInAttendanceId: string;
    }[];
    expect(then[0]!.checkInAttendanceId).toBe(older);
  });

  it('refuses a date that is not one (400) and answers 401 without a session', async () => {
    const c = await doorChurch(h.app, h.database);
    expectBadRequest(await c.api.get('/api/ChildCheckin/events?date=2026-13-45'), 'date');
    expect((await client(h.app, null).get('/api/ChildCheckin/events')).statusCode).toBe(401);
  });
});

describe('GET /api/ChildCheckin/families', () => {
  it('finds a family by any form of a member’s phone, with all its members in check-in order', async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database, 'Obi', '+2348031110001');
    await createFamily(c, h.database, 'Adeyemi', '+2348031110002');
    for (const search of ['08031110001', '+234 803 111 0001', '8031110001']) {
      const res = await c.api.get(`/api/ChildCheckin/families?search=${encodeURIComponent(search)}`);
      expect(res.statusCode, res.body).toBe(200);
      const families = res.json() as FamilyHit[];
      expect(families.map((x) => x.familyId)).toEqual([f.familyId]);
      expect(families[0]!.members.map((m) => [m.firstName, m.familyRole, m.isChild, m.isGuardian])).toEqual([
        ['Emeka', 'Father', false, true],
        ['Ngozi', 'Mother', false, true],
        ['Grace', 'Guardian', false, true],
        ['Chidi', 'Other relative', false, false],
        ['Ada', 'Daughter', true, false],
        ['Tobi', 'Son', true, false],
      ]);
      expect(families[0]!.members.find((m) => m.firstName === 'Ada')!.careNotes).toBe('Peanut allergy');
      expect(families[0]!.members.every((m) => m.status === null)).toBe(true);
    }
  });

  it("finds families by name (family name or a member's name), and never another church's", async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database, 'Okafor', '+2348032220001');
    const other = await doorChurch(h.app, h.database);
    await createFamily(other, h.database, 'Okafor', '+2348032220001');
    for (const search of ['okaf', 'Okafor Family', 'ada'])
      expect(
        (
          (await c.api.get(`/api/ChildCheckin/families?search=${encodeURIComponent(search)}`)).json() as FamilyHit[]
        ).map((x) => x.familyId),
      ).toEqual([f.familyId]);
    const byPhone = (await c.api.get('/api/ChildCheckin/families?search=08032220001')).json() as FamilyHit[];
    expect(byPhone.map((x) => x.familyId)).toEqual([f.familyId]);
    // LIKE's wildcards in a search are plain characters
    expect((await c.api.get('/api/ChildCheckin/families?search=o%25i')).json()).toEqual([]);
    expect((await c.api.get('/api/ChildCheckin/families?search=_kafor')).json()).toEqual([]);
  });

  it('refuses a search too short or with too few digits, a set-up of another church (404), no session (401)', async () => {
    const c = await doorChurch(h.app, h.database);
    const other = await doorChurch(h.app, h.database);
    expectBadRequest(await c.api.get('/api/ChildCheckin/families?search=0803'), 'search');
    expectBadRequest(await c.api.get('/api/ChildCheckin/families?search=a'), 'search');
    expectBadRequest(await c.api.get('/api/ChildCheckin/families'), 'search');
    expectBadRequest(
      await c.api.get('/api/ChildCheckin/families?search=obi&checkInAttendanceId=12'),
      'checkInAttendanceId',
    );
    const foreign = await c.api.get(`/api/ChildCheckin/families?search=obi&checkInAttendanceId=${other.setupId}`);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await client(h.app, null).get('/api/ChildCheckin/families?search=08031110001')).statusCode).toBe(401);
  });
});

describe('POST /api/ChildCheckin/checkin', () => {
  it('checks two children in under one new security code and answers their labels', async () => {
    const { c, f, labels } = await checkedInFamily();
    expect(labels.securityCode).toMatch(new RegExp(`^[${SECURITY_CODE_ALPHABET}]{4}$`));
    expect(labels.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(labels.qrCode.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(labels).toMatchObject({
      eventName: 'Sunday Service',
      eventDate: utcToday(),
      familyName: 'Obi Family',
      checkedInBy: { personId: f.fatherId, name: 'Emeka Obi', phone: f.phone },
    });
    expect(labels.churchName).toMatch(/^Test Church/);
    expect(labels.children.map((x) => [x.firstName, x.lastName, x.room, x.careNotes])).toEqual([
      ['Ada', 'Obi', 'Toddlers', 'Peanut allergy'],
      ['Tobi', 'Obi', 'Juniors', null],
    ]);

    const rows = await queryRows<{
      security_code: string;
      family_id: string;
      checked_in_by_person_id: string;
      created_by_user_id: string | null;
      service_date: string;
    }>(
      h.database.db,
      sql`select security_code, family_id, checked_in_by_person_id, created_by_user_id, service_date::text
          from child_checkins where tenant_id = ${c.tenantId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      security_code: labels.securityCode,
      family_id: f.familyId,
      checked_in_by_person_id: f.fatherId,
      service_date: utcToday(),
    });
    expect(rows[0]!.created_by_user_id).toBeTruthy();
    const records = await queryRows<{
      person_id: string;
      check_in_channel: number;
      group_id: string;
      child_checkin_id: string;
      checked_in_by_person_id: string;
      checked_in_by_user_id: string;
      checked_in_at: Date | null;
    }>(
      h.database.db,
      sql`select person_id, check_in_channel, group_id, child_checkin_id, checked_in_by_person_id,
            checked_in_by_user_id, checked_in_at
          from attendance_records where tenant_id = ${c.tenantId} order by group_id = ${c.rooms.toddlers} desc`,
    );
    expect(records.map((r) => [r.person_id, r.check_in_channel, r.group_id, r.child_checkin_id])).toEqual([
      [f.children.ada, 2, c.rooms.toddlers, labels.childCheckinId],
      [f.children.tobi, 2, c.rooms.juniors, labels.childCheckinId],
    ]);
    for (const r of records) {
      expect(r.checked_in_by_person_id).toBe(f.fatherId);
      expect(r.checked_in_by_user_id).toBe(rows[0]!.created_by_user_id);
      expect(r.checked_in_at).not.toBeNull();
    }

    // the family's search now shows where each child is
    const hit = (
      (
        await c.api.get(
          `/api/ChildCheckin/families?search=${encodeURIComponent(f.phone)}&checkInAttendanceId=${c.setupId}`,
        )
      ).json() as FamilyHit[]
    )[0]!;
    const ada = hit.members.find((m) => m.personId === f.children.ada)!;
    expect(ada.status).toMatchObject({ roomName: 'Toddlers' });
    expect(ada.status!.checkedInAt).not.toBeNull();
    expect(hit.members.find((m) => m.personId === f.motherId)!.status).toBeNull();
  });

  it('updates the care notes given with a child (printed on the label) and clears them with an empty text', async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database);
    const labels = await checkIn(c, f, {
      children: [
        { personId: f.children.ada, groupId: c.rooms.toddlers, careNotes: '' },
        { personId: f.children.tobi, groupId: c.rooms.toddlers, careNotes: 'Asthma: inhaler in bag' },
      ],
    });
    expect(labels.children.map((x) => [x.firstName, x.careNotes])).toEqual([
      ['Ada', null],
      ['Tobi', 'Asthma: inhaler in bag'],
    ]);
  });

  it('refuses a child already checked in (nothing written); after check-out a new check-in gets a new code', async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database);
    const first = await checkIn(c, f);
    const before = await counts(c.tenantId);
    const again = await c.api.post('/api/ChildCheckin/checkin', {
      checkInAttendanceId: c.setupId,
      familyId: f.familyId,
      children: [{ personId: f.children.tobi, groupId: c.rooms.juniors }],
    });
    expectBadRequest(again, 'children');
    expect((again.json() as { errors: { message: string }[] }).errors[0]!.message).toBe(
      'Tobi Obi is already checked in to this event: reprint the labels, or check out first',
    );
    expect(await counts(c.tenantId)).toEqual(before);

    const out = await c.api.post('/api/ChildCheckin/checkout', {
      code: first.securityCode,
      attendanceRecordIds: first.children.map((x) => x.attendanceRecordId),
    });
    expect(out.statusCode, out.body).toBe(200);
    const second = await checkIn(c, f, { children: [{ personId: f.children.tobi, groupId: c.rooms.toddlers }] });
    expect(second.childCheckinId).not.toBe(first.childCheckinId);
    expect(second.children.map((x) => [x.firstName, x.room, x.checkedOutAt])).toEqual([['Tobi', 'Toddlers', null]]);
    // one attendance record per child and set-up: the same record, present again
    expect(second.children[0]!.attendanceRecordId).toBe(
      first.children.find((x) => x.firstName === 'Tobi')!.attendanceRecordId,
    );
    expect(await countRows(h.database, 'child_checkins', c.tenantId)).toBe(2);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database);
    const before = await counts(c.tenantId);
    const base = { checkInAttendanceId: c.setupId, familyId: f.familyId };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, children: [] }, 'children'],
      [{ ...base }, 'children'],
      [{ ...base, children: [{ personId: f.uncleId, groupId: c.rooms.toddlers }] }, 'children.0.personId'],
      [{ ...base, children: [{ personId: f.motherId, groupId: c.rooms.toddlers }] }, 'children.0.personId'],
      [{ ...base, children: [{ personId: f.children.ada, groupId: c.otherGroupId }] }, 'children.0.groupId'],
      [
        {
          ...base,
          children: [
            { personId: f.children.ada, groupId: c.rooms.toddlers },
            { personId: f.children.ada, groupId: c.rooms.juniors },
          ],
        },
        'children.1.personId',
      ],
      [
        {
          ...base,
          checkedInByPersonId: f.children.tobi,
          children: [{ personId: f.children.ada, groupId: c.rooms.toddlers }],
        },
        'checkedInByPersonId',
      ],
      [{ ...base, children: [{ personId: 'x', groupId: c.rooms.toddlers }] }, 'children.0.personId'],
      [
        { familyId: f.familyId, children: [{ personId: f.children.ada, groupId: c.rooms.toddlers }] },
        'checkInAttendanceId',
      ],
      [
        { ...base, children: [{ personId: f.children.ada, groupId: c.rooms.toddlers, careNotes: 'x'.repeat(301) }] },
        'children.0.careNotes',
      ],
    ];
    for (const [body, field] of cases) expectBadRequest(await c.api.post('/api/ChildCheckin/checkin', body), field);
    expect(await counts(c.tenantId)).toEqual(before);
  });

  it('refuses a set-up whose check-in has closed (400) or that was deleted (404)', async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database);
    const closed = await createSetup(h.database, c.tenantId, c.activityId, [c.rooms.toddlers], {
      cutOff: new Date(Date.now() - 1000),
    });
    const deleted = await createSetup(h.database, c.tenantId, c.activityId, [c.rooms.toddlers], { deleted: true });
    const body = (setupId: string) => ({
      checkInAttendanceId: setupId,
      familyId: f.familyId,
      children: [{ personId: f.children.ada, groupId: c.rooms.toddlers }],
    });
    const res = await c.api.post('/api/ChildCheckin/checkin', body(closed));
    expectBadRequest(res, 'checkInAttendanceId');
    expect(res.body).toContain('Check-in for this event has closed');
    expect((await c.api.post('/api/ChildCheckin/checkin', body(deleted))).statusCode).toBe(404);
    expect(await countRows(h.database, 'child_checkins', c.tenantId)).toBe(0);
  });

  it("answers 404 for another church's set-up, family or children, and 401 without a session", async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database);
    const other = await doorChurch(h.app, h.database);
    const g = await createFamily(other, h.database);
    const kids = [{ personId: f.children.ada, groupId: c.rooms.toddlers }];
    const foreignSetup = await c.api.post('/api/ChildCheckin/checkin', {
      checkInAttendanceId: other.setupId,
      familyId: f.familyId,
      children: kids,
    });
    expect(foreignSetup.statusCode, foreignSetup.body).toBe(404);
    const foreignFamily = await c.api.post('/api/ChildCheckin/checkin', {
      checkInAttendanceId: c.setupId,
      familyId: g.familyId,
      children: [{ personId: g.children.ada, groupId: c.rooms.toddlers }],
    });
    expect(foreignFamily.statusCode, foreignFamily.body).toBe(404);
    // another church's child in our family's check-in is not a child of the family
    expectBadRequest(
      await c.api.post('/api/ChildCheckin/checkin', {
        checkInAttendanceId: c.setupId,
        familyId: f.familyId,
        children: [{ personId: g.children.ada, groupId: c.rooms.toddlers }],
      }),
      'children.0.personId',
    );
    const anonymous = await client(h.app, null).post('/api/ChildCheckin/checkin', {
      checkInAttendanceId: c.setupId,
      familyId: f.familyId,
      children: kids,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await countRows(h.database, 'child_checkins', c.tenantId)).toBe(0);
    expect(await countRows(h.database, 'child_checkins', other.tenantId)).toBe(0);
  });
});

describe('GET /api/ChildCheckin/labels', () => {
  it("reprints a check-in's labels with the same code; 404 for another church's, 400 for a bad id, 401", async () => {
    const { c, labels } = await checkedInFamily();
    const res = await c.api.get(`/api/ChildCheckin/labels?childCheckinId=${labels.childCheckinId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(labels);
    const other = await doorChurch(h.app, h.database);
    expect((await other.api.get(`/api/ChildCheckin/labels?childCheckinId=${labels.childCheckinId}`)).statusCode).toBe(
      404,
    );
    expectBadRequest(await c.api.get('/api/ChildCheckin/labels?childCheckinId=nope'), 'childCheckinId');
    expect(
      (await client(h.app, null).get(`/api/ChildCheckin/labels?childCheckinId=${labels.childCheckinId}`)).statusCode,
    ).toBe(401);
  });
});

describe('check-out by security code', () => {
  it('finds the check-in by its code as typed or scanned, with the children and the guardians who may pick up', async () => {
    const { c, f, labels } = await checkedInFamily();
    const typed = `${labels.securityCode.slice(0, 2).toLowerCase()}-${labels.securityCode.slice(2)} `;
    for (const body of [{ code: typed }, { code: labels.securityCode, checkInAttendanceId: c.setupId }]) {
      const res = await c.api.post('/api/ChildCheckin/lookup', body);
      expect(res.statusCode, res.body).toBe(200);
      const found = (res.json() as { returnObject: Labels & { guardians: { personId: string; familyRole: string }[] } })
        .returnObject;
      expect(found.childCheckinId).toBe(labels.childCheckinId);
      expect(found.children.map((x) => x.firstName)).toEqual(['Ada', 'Tobi']);
      expect(found.guardians.map((g) => [g.personId, g.familyRole])).toEqual([
        [f.fatherId, 'Father'],
        [f.motherId, 'Mother'],
        [f.guardianId, 'Guardian'],
      ]);
    }
  });

  it('refuses a wrong code with a clear message and records the attempt; a non-code is a 400 that records nothing', async () => {
    const { c, labels } = await checkedInFamily();
    const wrong = labels.securityCode === 'AAAA' ? 'CCCC' : 'AAAA';
    const res = await c.api.post('/api/ChildCheckin/lookup', { code: wrong });
    expectBadRequest(res, 'code');
    expect((res.json() as { response: string }).response).toBe(
      'That code does not match any child checked in today. Check the pickup label and try again.',
    );
    const attempts = await queryRows<{ attendance_record_id: string | null; code_entered: string; succeeded: boolean }>(
      h.database.db,
      sql`select attendance_record_id, code_entered, succeeded from checkout_attempts where tenant_id = ${c.tenantId}`,
    );
    expect(attempts).toEqual([{ attendance_record_id: null, code_entered: wrong, succeeded: false }]);
    const before = await counts(c.tenantId);
    expectBadRequest(await c.api.post('/api/ChildCheckin/lookup', { code: 'O0O0' }), 'code');
    expectBadRequest(await c.api.post('/api/ChildCheckin/lookup', {}), 'code');
    expect(await counts(c.tenantId)).toEqual(before);
    // the code of another church's check-in does not match here
    const other = await doorChurch(h.app, h.database);
    expectBadRequest(await other.api.post('/api/ChildCheckin/lookup', { code: labels.securityCode }), 'code');
    expect((await client(h.app, null).post('/api/ChildCheckin/lookup', { code: labels.securityCode })).statusCode).toBe(
      401,
    );
  });

  it('releases a child only with the matching code: the wrong code is refused and recorded, the right one checks out and records who', async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database);
    const g = await createFamily(c, h.database, 'Bello');
    const labels = await checkIn(c, f);
    const theirs = await checkIn(c, g);
    const ada = labels.children.find((x) => x.firstName === 'Ada')!;

    // another family's (real) code does not release Ada
    const wrong = await c.api.post('/api/ChildCheckin/checkout', {
      code: theirs.securityCode,
      attendanceRecordIds: [ada.attendanceRecordId],
      checkedOutByPersonId: f.motherId,
    });
    expectBadRequest(wrong, 'code');
    expect((wrong.json() as { response: string }).response).toBe(
      'That code does not match the check-in of Ada Obi. Check the pickup label and try again.',
    );
    const refused = await queryRows<{ attendance_record_id: string; succeeded: boolean; user_id: string | null }>(
      h.database.db,
      sql`select attendance_record_id, succeeded, user_id from checkout_attempts where tenant_id = ${c.tenantId}`,
    );
    expect(refused.map((r) => [r.attendance_record_id, r.succeeded])).toEqual([[ada.attendanceRecordId, false]]);
    expect(refused[0]!.user_id).toBeTruthy();
    const stillIn = await queryRows<{ checked_out_at: Date | null }>(
      h.database.db,
      sql`select checked_out_at from attendance_records where tenant_id = ${c.tenantId} and id = ${ada.attendanceRecordId}`,
    );
    expect(stillIn[0]!.checked_out_at).toBeNull();

    // the right code, picked up by the mother
    const right = await c.api.post('/api/ChildCheckin/checkout', {
      code: labels.securityCode.toLowerCase(),
      attendanceRecordIds: [ada.attendanceRecordId],
      checkedOutByPersonId: f.motherId,
    });
    expect(right.statusCode, right.body).toBe(200);
    const answer = right.json() as { returnObject: { checkedOut: { name: string; checkedOutAt: string }[] } };
    expect(answer.returnObject.checkedOut.map((x) => x.name)).toEqual(['Ada Obi']);
    const out = await queryRows<{
      checked_out_at: Date | null;
      checked_out_by_person_id: string | null;
      checked_out_by_user_id: string | null;
      checked_in_by_person_id: string | null;
    }>(
      h.database.db,
      sql`select checked_out_at, checked_out_by_person_id, checked_out_by_user_id, checked_in_by_person_id
          from attendance_records where tenant_id = ${c.tenantId} and id = ${ada.attendanceRecordId}`,
    );
    expect(out[0]!.checked_out_at).not.toBeNull();
    expect(new Date(answer.returnObject.checkedOut[0]!.checkedOutAt).getTime()).toBe(
      new Date(out[0]!.checked_out_at!).getTime(),
    );
    expect(out[0]).toMatchObject({ checked_out_by_person_id: f.motherId, checked_in_by_person_id: f.fatherId });
    expect(out[0]!.checked_out_by_user_id).toBeTruthy();
    const succeeded = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(*)::int as n from checkout_attempts where tenant_id = ${c.tenantId} and succeeded
            and attendance_record_id = ${ada.attendanceRecordId}`,
    );
    expect(succeeded[0]!.n).toBe(1);

    // Ada again: already checked out, nothing written
    const before = await counts(c.tenantId);
    const twice = await c.api.post('/api/ChildCheckin/checkout', {
      code: labels.securityCode,
      attendanceRecordIds: [ada.attendanceRecordId],
    });
    expectBadRequest(twice, 'attendanceRecordIds');
    expect(twice.body).toContain('Ada Obi has already been checked out');
    expect(await counts(c.tenantId)).toEqual(before);

    // the lookup shows Ada out and Tobi still in
    const look = (
      (await c.api.post('/api/ChildCheckin/lookup', { code: labels.securityCode })).json() as { returnObject: Labels }
    ).returnObject;
    expect(look.children.map((x) => [x.firstName, x.checkedOutAt !== null])).toEqual([
      ['Ada', true],
      ['Tobi', false],
    ]);
  });

  it('checks out all the children at once, only to a guardian of the family', async () => {
    const { c, f, labels } = await checkedInFamily();
    const ids = labels.children.map((x) => x.attendanceRecordId);
    const before = await counts(c.tenantId);
    expectBadRequest(
      await c.api.post('/api/ChildCheckin/checkout', {
        code: labels.securityCode,
        attendanceRecordIds: ids,
        checkedOutByPersonId: f.uncleId,
      }),
      'checkedOutByPersonId',
    );
    expect(await counts(c.tenantId)).toEqual(before);
    const res = await c.api.post('/api/ChildCheckin/checkout', {
      code: labels.securityCode,
      attendanceRecordIds: ids,
      checkedOutByPersonId: f.guardianId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json() as { returnObject: { checkedOut: { name: string }[] } }).returnObject.checkedOut
        .map((x) => x.name)
        .sort(),
    ).toEqual(['Ada Obi', 'Tobi Obi']);
  });

  it("refuses bad input (400, nothing written), another church's records (404) and no session (401)", async () => {
    const { c, labels } = await checkedInFamily();
    const ids = labels.children.map((x) => x.attendanceRecordId);
    const before = await counts(c.tenantId);
    expectBadRequest(
      await c.api.post('/api/ChildCheckin/checkout', { code: labels.securityCode, attendanceRecordIds: [] }),
      'attendanceRecordIds',
    );
    expectBadRequest(await c.api.post('/api/ChildCheckin/checkout', { code: 'I0', attendanceRecordIds: ids }), 'code');
    expectBadRequest(await c.api.post('/api/ChildCheckin/checkout', { attendanceRecordIds: ids }), 'code');
    expectBadRequest(
      await c.api.post('/api/ChildCheckin/checkout', { code: labels.securityCode, attendanceRecordIds: ['x'] }),
      'attendanceRecordIds.0',
    );
    expect(await counts(c.tenantId)).toEqual(before);
    const other = await doorChurch(h.app, h.database);
    const foreign = await other.api.post('/api/ChildCheckin/checkout', {
      code: labels.securityCode,
      attendanceRecordIds: ids,
    });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(await counts(c.tenantId)).toEqual(before);
    expect(await countRows(h.database, 'checkout_attempts', other.tenantId)).toBe(0);
    expect(
      (
        await client(h.app, null).post('/api/ChildCheckin/checkout', {
          code: labels.securityCode,
          attendanceRecordIds: ids,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('existing client: retrieveFamily and familyGuidians (existing-client-api §4.3)', () => {
  it('retrieves the family, its children and the groups of a security code; a wrong code answers a falsy returnObject and is recorded', async () => {
    const { c, f, labels } = await checkedInFamily();
    for (const activityId of [c.activityId, NIL_ID, '']) {
      const res = await c.api.get(
        `/api/CheckInAttendance/retrieveFamily?checkincode=${labels.securityCode.toLowerCase()}&activityId=${activityId}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const found = (res.json() as { returnObject: Record<string, unknown> }).returnObject;
      expect(found).toMatchObject({
        family: { id: f.familyId, homePhone: '01-555-0100' },
        checkInBy: f.fatherId,
        groupsInvolved: [
          { id: c.rooms.juniors, fullGroupName: 'Juniors' },
          { id: c.rooms.toddlers, fullGroupName: 'Toddlers' },
        ],
      });
      const members = found.registeredMember as Record<string, unknown>[];
      expect(members).toHaveLength(2);
      expect(members[0]).toMatchObject({
        id: labels.children[0]!.attendanceRecordId,
        checkInAttendanceID: c.setupId,
        checkedInBy: f.fatherId,
        isCheckedIn: true,
        isCheckedOut: false,
        person: { firstName: 'Ada', lastName: 'Obi', pictureUrl: null },
      });
    }
    const before = await countRows(h.database, 'checkout_attempts', c.tenantId);
    const wrong = await c.api.get(
      `/api/CheckInAttendance/retrieveFamily?checkincode=${labels.securityCode === 'AAAA' ? 'CCCC' : 'AAAA'}&activityId=${c.activityId}`,
    );
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toMatchObject({ status: false, returnObject: null });
    expect(await countRows(h.database, 'checkout_attempts', c.tenantId)).toBe(before + 1);
    // the code of today's check-in at another event does not match
    const otherEvent = await createEvent(c.api, 'Youth Night');
    expect(
      (
        await c.api.get(
          `/api/CheckInAttendance/retrieveFamily?checkincode=${labels.securityCode}&activityId=${otherEvent}`,
        )
      ).json(),
    ).toMatchObject({ returnObject: null });
  });

  it("answers 404 for another church's event, 400 for a bad id and 401 without a session", async () => {
    const c = await doorChurch(h.app, h.database);
    const other = await doorChurch(h.app, h.database);
    expect(
      (await c.api.get(`/api/CheckInAttendance/retrieveFamily?checkincode=ACEF&activityId=${other.activityId}`))
        .statusCode,
    ).toBe(404);
    expectBadRequest(
      await c.api.get('/api/CheckInAttendance/retrieveFamily?checkincode=ACEF&activityId=12'),
      'activityId',
    );
    expect((await client(h.app, null).get('/api/CheckInAttendance/retrieveFamily?checkincode=ACEF')).statusCode).toBe(
      401,
    );
  });

  it("lists a family's guardians (father, mother, guardian; not the uncle or the children)", async () => {
    const c = await doorChurch(h.app, h.database);
    const f = await createFamily(c, h.database);
    const res = await c.api.get(`/api/Family/familyGuidians?familyId=${f.familyId}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = (res.json() as { returnObject: { familyRoleID: number; person: Record<string, unknown> }[] })
      .returnObject;
    expect(list.map((g) => [g.familyRoleID, g.person.id, g.person.firstName])).toEqual([
      [1, f.fatherId, 'Emeka'],
      [2, f.motherId, 'Ngozi'],
      [6, f.guardianId, 'Grace'],
    ]);
    expect(list[1]!.person).toMatchObject({ lastName: 'Obi', pictureUrl: null });
    expect(String(list[1]!.person.email)).toMatch(/^ngozi\./);
    const other = await doorChurch(h.app, h.database);
    expect((await other.api.get(`/api/Family/familyGuidians?familyId=${f.familyId}`)).statusCode).toBe(404);
    expectBadRequest(await c.api.get('/api/Family/familyGuidians?familyId=abc'), 'familyId');
    expect((await client(h.app, null).get(`/api/Family/familyGuidians?familyId=${f.familyId}`)).statusCode).toBe(401);
  });
});

describe('many kiosks at once', () => {
  /** `n` families (a father with a phone, two children) made in SQL; answers their ids. */
  async function bulkFamilies(c: DoorChurch, n: number) {
    const rows = await queryRows<{ family_id: string; father: string; kid1: string; kid2: string }>(
      h.database.db,
      sql`with f as (
            insert into families (tenant_id, family_name)
            select ${c.tenantId}, 'Family ' || i from generate_series(1, ${n}::int) i returning id, family_name
          ), p as (
            insert into people (tenant_id, first_name, last_name, mobile_phone)
            select ${c.tenantId}, k, f.family_name, case when k = 'Dad' then '+23481' || lpad((row_number() over ())::text, 8, '0') end
              from f cross join (values ('Dad'), ('Kid1'), ('Kid2')) v(k)
            returning id, first_name, last_name
          ), m as (
            insert into family_members (tenant_id, family_id, person_id, family_role)
            select ${c.tenantId}, f.id, p.id, case p.first_name when 'Dad' then 1 when 'Kid1' then 3 else 4 end
              from f join p on p.last_name = f.family_name
            returning family_id, person_id, family_role
          )
          select family_id, max(person_id::text) filter (where family_role = 1) as father,
            max(person_id::text) filter (where family_role = 3) as kid1,
            max(person_id::text) filter (where family_role = 4) as kid2
          from m group by family_id`,
    );
    return rows;
  }

  it('50 concurrent family check-ins on one day: 50 check-ins, 100 attendance records, 50 distinct codes', async () => {
    const c = await doorChurch(h.app, h.database);
    const families = await bulkFamilies(c, 50);
    expect(families).toHaveLength(50);
    const answers = await Promise.all(
      families.map((f) =>
        c.api.post('/api/ChildCheckin/checkin', {
          checkInAttendanceId: c.setupId,
          familyId: f.family_id,
          checkedInByPersonId: f.father,
          children: [
            { personId: f.kid1, groupId: c.rooms.toddlers },
            { personId: f.kid2, groupId: c.rooms.juniors },
          ],
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const codes = answers.map((a) => (a.json() as { returnObject: Labels }).returnObject.securityCode);
    expect(new Set(codes).size).toBe(50);
    const db = await queryRows<{ checkins: number; codes: number; records: number; linked: number }>(
      h.database.db,
      sql`select (select count(*)::int from child_checkins where tenant_id = ${c.tenantId}) as checkins,
            (select count(distinct security_code)::int from child_checkins where tenant_id = ${c.tenantId} and service_date = ${utcToday()}) as codes,
            (select count(*)::int from attendance_records where tenant_id = ${c.tenantId}) as records,
            (select count(distinct child_checkin_id)::int from attendance_records where tenant_id = ${c.tenantId}) as linked`,
    );
    expect(db[0]).toEqual({ checkins: 50, codes: 50, records: 100, linked: 50 });
  });

  it('the same family checked in from two kiosks at once: one check-in succeeds, the other is told the children are in', async () => {
    const c = await doorChurch(h.app, h.database);
    const [f] = await bulkFamilies(c, 1);
    const body = {
      checkInAttendanceId: c.setupId,
      familyId: f!.family_id,
      children: [
        { personId: f!.kid1, groupId: c.rooms.toddlers },
        { personId: f!.kid2, groupId: c.rooms.juniors },
      ],
    };
    const answers = await Promise.all([1, 2, 3].map(() => c.api.post('/api/ChildCheckin/checkin', body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
    expect(await countRows(h.database, 'child_checkins', c.tenantId)).toBe(1);
    const linked = await queryRows<{ n: number }>(
      h.database.db,
      sql`select count(distinct child_checkin_id)::int as n from attendance_records where tenant_id = ${c.tenantId}`,
    );
    expect(linked[0]!.n).toBe(1);
  });
});

describe('a church with no set-up', () => {
  it('lists no events', async () => {
    const c = await signupChurch(h.app);
    expect((await client(h.app, c.token).get('/api/ChildCheckin/events')).json()).toEqual([]);
  });
});
