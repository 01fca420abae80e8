import { sql } from 'drizzle-orm';
import { convertMinor } from '@steward/money/fx';
import { minorToNumber } from '@steward/money/parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, withTenant } from '../src/db/client.ts';
import { CHECK_IN_CHANNEL, recordCheckIn } from '../src/modules/attendance/records.ts';
import { issueSecurityCode } from '../src/modules/attendance/security-codes.ts';
import { client, countRows, startHarness, type Harness } from './helpers.ts';
import { expectBadRequest } from './fixtures.ts';
import { saveRows } from './offering-setup.ts';
import {
  attendanceChurch,
  createGroup,
  createPerson,
  createSetUp,
  getReport,
  markingSnapshot,
  records,
  register,
  type AttendanceChurch,
} from './attendance-support.ts';

/*
 * The attendance report and marking page (issue 11 'Admin', third bullet): each call with the
 * existing client's exact body (existing-client-api §4.1, §4.3), bad input (400, nothing
 * written), another church's ids (404) and no session (401).
 */

const REPORT = '/api/CheckInAttendance/AttendanceReport';
const REVEAL = '/api/CheckInAttendance/revealParentNumber';
const MARK = '/api/CheckInAttendance/MarkAttendance';
const CHECKOUT = '/api/CheckInAttendance/CheckOut';
const MARK_ALL = '/api/CheckinAttendance/MarkAllAttendance';
const DELETE = '/api/CheckInAttendance/DeletePersonEventAttendance';
const UPDATE = '/api/CheckInAttendance/UpdateCheckInAttendance';
const NGN = 566;

let h: Harness;
let other: AttendanceChurch;
/** another church's record and registration (404 checks) */
let foreignRecord: string;
let foreignRegistration: string;
let foreignPerson: string;

beforeAll(async () => {
  h = await startHarness({ MESSAGING_WORKERS: '0' });
  other = await attendanceChurch(h.app);
  foreignPerson = await createPerson(other.api, 'Foreign', { mobilePhone: '08099999999' });
  foreignRegistration = await register(h.database, other.tenantId, other.setUpId, foreignPerson);
  const marked = await other.api.post(MARK, {
    person: { personId: foreignPerson },
    checkInChannel: 0,
    checkInAttendanceID: other.setUpId,
  });
  expect(marked.statusCode, marked.body).toBe(200);
  foreignRecord = (await records(h.database, other.tenantId, other.setUpId))[0]!.id;
});
afterAll(async () => {
  await h.close();
});

const anon = () => client(h.app, null);

/** A church with: Ada registered only; Bola registered and marked; a pre-checked-in child in a room with a code. */
async function scene() {
  const c = await attendanceChurch(h.app);
  const ada = await createPerson(c.api, 'Ada', { mobilePhone: '+234 803 123 4567', homeAddress: '1 Hill Rd' });
  const bola = await createPerson(c.api, 'Bola', { email: 'bola@example.com' });
  const child = await createPerson(c.api, 'Chidi');
  const adaReg = await register(h.database, c.tenantId, c.setUpId, ada);
  const bolaReg = await register(h.database, c.tenantId, c.setUpId, bola);
  const room = await createGroup(c.api, 'Toddlers');
  const pre = await withTenant(h.database.db, c.tenantId, async (tx) => {
    const code = await issueSecurityCode(tx, c.tenantId, { checkinAttendanceId: c.setUpId });
    const r = await recordCheckIn(tx, c.tenantId, {
      checkinAttendanceId: c.setUpId,
      personId: child,
      channel: CHECK_IN_CHANNEL.familyPortal,
      present: false,
      groupId: room,
      childCheckinId: code.childCheckinId,
    });
    return { recordId: r.recordId, code: code.securityCode };
  });
  return { c, ada, bola, child, adaReg, bolaReg, room, pre };
}

describe('GET /api/CheckInAttendance/AttendanceReport', () => {
  it('lists everyone registered or with a record once, with offerings, head counts and totals', async () => {
    const s = await scene();
    const { c } = s;
    const marked = await c.api.post(MARK, { checkInAttendanceID: c.setUpId, personAttendanceID: s.bolaReg });
    expect(marked.json()).toBe('Checked in successfully');
    // offerings of the event, of another event (not counted)
    await saveRows(c.api, [
      {
        financialContributionID: c.sundayItem,
        date: '2026-11-22',
        amount: '12,500.50',
        paymentChannel: 'Cash',
        activityID: c.eventId,
        currencyID: NGN,
      },
      {
        financialContributionID: c.sundayItem,
        date: '2026-11-22',
        amount: 3000.07,
        paymentChannel: 'POS',
        activityID: c.eventId,
        currencyID: NGN,
      },
      {
        financialContributionID: c.titheItem,
        date: '2026-11-22',
        amount: 200,
        paymentChannel: 'POS',
        activityID: c.eventId,
        currencyID: NGN,
      },
      { financialContributionID: c.titheItem, date: '2026-11-22', amount: 999, paymentChannel: 'POS', currencyID: NGN },
    ]);

    const r = await getReport(c.api, c.setUpId);
    expect(r).toMatchObject({
      eventName: expect.stringContaining('Sunday Service'),
      eventDate: '2026-11-22',
      date: '2026-11-22',
      id: c.setUpId,
      status: '',
      note: '',
      bannerImage: '',
      currency: 'NGN',
      activityId: c.eventId,
      attendanceCode: c.code,
      presentCount: 1,
      registeredCount: 2,
      checkedOutCount: 0,
      offeringTotal: 15700.57,
      offeringUnconverted: [],
      headCountTotal: 0,
      attendances: [],
      customAttributeData: [],
    });
    expect(r.offerings).toEqual([
      { id: c.sundayItem, financialContributionID: c.sundayItem, amount: 15500.57, name: 'Sunday Offering', count: 2 },
      { id: c.titheItem, financialContributionID: c.titheItem, amount: 200, name: 'Tithe', count: 1 },
    ]);
    const people = r.peopoleAttendancesDTOs;
    expect(people.map((p) => p.name)).toEqual(['Ada Test', 'Bola Test', 'Chidi Test']);
    const [ada, bola, child] = people;
    expect(ada).toMatchObject({
      id: s.adaReg,
      attendanceID: c.setUpId,
      personID: s.ada,
      address: '1 Hill Rd',
      phone: null,
      maskedPhone: '*********4567',
      hasPhone: true,
      isPresent: false,
      isRegistered: true,
      isCheckedOut: false,
      checkedinOption: '',
      checkInTime: null,
      recordId: null,
      isPreCheckedIn: false,
    });
    const bolaRecord = (await records(h.database, c.tenantId, c.setUpId)).find((x) => x.person_id === s.bola)!;
    expect(bola).toMatchObject({
      id: bolaRecord.id,
      recordId: bolaRecord.id,
      email: 'bola@example.com',
      isPresent: true,
      isRegistered: true,
      checkedinOption: 'Admin',
      checkInChannel: 0,
      checkedInBy: 'Ada Obi',
      hasPhone: false,
      maskedPhone: '',
    });
    expect(new Date(bola!.checkInTime!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(child).toMatchObject({
      id: s.pre.recordId,
      isPresent: false,
      isRegistered: false,
      isPreCheckedIn: true,
      checkedinOption: '',
      groupId: s.room,
      groupName: 'Toddlers',
      securityCode: s.pre.code,
    });
  });

  it('converts offerings in another currency at the stored rate, and names a currency it cannot convert', async () => {
    const c = await attendanceChurch(h.app);
    const rates = (await c.api.get('/fxRates')).json() as Record<string, number>;
    expect(rates.usdngn).toBeGreaterThan(0);
    await saveRows(c.api, [
      {
        financialContributionID: c.sundayItem,
        date: '2026-11-22',
        amount: 100,
        paymentChannel: 'Cash',
        activityID: c.eventId,
        currencyID: NGN,
      },
      {
        financialContributionID: c.sundayItem,
        date: '2026-11-22',
        amount: 10,
        paymentChannel: 'Cash',
        activityID: c.eventId,
        currencyID: 840,
      },
    ]);
    // a row in a currency with no rate anywhere (as the offerings module stores a row)
    await h.database.db.execute(
      sql`insert into offering_transactions (tenant_id, activity_id, contribution_item_id, transaction_date,
            amount_minor, currency_code, payment_channel)
          values (${c.tenantId}, ${c.eventId}, ${c.titheItem}, '2026-11-22', 500, 'CHF', 'Cash')`,
    );
    const r = await getReport(c.api, c.setUpId);
    const usdInNgn = minorToNumber(convertMinor(1000n, 'USD', 'NGN', rates).amount, 'NGN');
    expect(usdInNgn).toBeGreaterThan(10);
    const total = Math.round((100 + usdInNgn) * 100) / 100;
    expect(r.offerings).toEqual([
      { id: c.sundayItem, financialContributionID: c.sundayItem, amount: total, name: 'Sunday Offering', count: 2 },
    ]);
    expect(r.offeringTotal).toBe(total);
    expect(r.offeringUnconverted).toEqual(['CHF']);
  });

  it('answers 400 for a bad id, 404 for another church or a deleted set-up, 401 without a session', async () => {
    const c = await attendanceChurch(h.app);
    const bad = await c.api.get(`${REPORT}?id=nope`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toContain('id');
    expect((await c.api.get(`${REPORT}?id=${other.setUpId}`)).statusCode).toBe(404);
    const deleted = await c.api.post('/api/CheckInAttendance/Delete/Multiple', [c.setUpId]);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await c.api.get(`${REPORT}?id=${c.setUpId}`)).statusCode).toBe(404);
    expect((await anon().get(`${REPORT}?id=${other.setUpId}`)).statusCode).toBe(401);
  });
});

describe('GET api/CheckInAttendance/revealParentNumber', () => {
  it("answers the person's phone as digits, else the family's, else a message", async () => {
    const c = await attendanceChurch(h.app);
    const ada = await createPerson(c.api, 'Ada', { mobilePhone: '+234 803 123 4567' });
    const child = await createPerson(c.api, 'Kid');
    const loner = await createPerson(c.api, 'Loner');
    const [fam] = await queryRows<{ id: string }>(
      h.database.db,
      sql`insert into families (tenant_id, family_name, father_id) values (${c.tenantId}, 'Obi', ${ada}) returning id`,
    );
    await h.database.db.execute(
      sql`insert into family_members (tenant_id, family_id, person_id, family_role)
          values (${c.tenantId}, ${fam!.id}, ${ada}, 1), (${c.tenantId}, ${fam!.id}, ${child}, 3)`,
    );
    const own = await c.api.get(`api/CheckInAttendance/revealParentNumber?personId=${ada}`.replace(/^/, '/'));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toBe('+2348031234567');
    expect((await c.api.get(`${REVEAL}?personId=${child}`)).json()).toBe('+2348031234567');
    const none = (await c.api.get(`${REVEAL}?personId=${loner}`)).json() as string;
    expect(none).toBe('No phone number is recorded for this person or their family');
    // the client's test: a number is digits with an optional '+'
    expect(/^[0-9]+$/.test(none.replace(/^\+/, ''))).toBe(false);
  });

  it('answers 400 for a bad id, 404 for another church, 401 without a session', async () => {
    const c = await attendanceChurch(h.app);
    expect((await c.api.get(`${REVEAL}?personId=123`)).statusCode).toBe(400);
    expect((await c.api.get(`${REVEAL}?personId=${foreignPerson}`)).statusCode).toBe(404);
    expect((await anon().get(`${REVEAL}?personId=${foreignPerson}`)).statusCode).toBe(401);
  });
});

describe('POST /api/CheckInAttendance/MarkAttendance', () => {
  it('marks a listed person present once (the marking page body)', async () => {
    const s = await scene();
    const body = { checkInAttendanceID: s.c.setUpId, personAttendanceID: s.adaReg };
    const first = await s.c.api.post(MARK, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toBe('Checked in successfully');
    expect((await s.c.api.post(MARK, body)).json()).toBe('Already checked in');
    const rows = (await records(h.database, s.c.tenantId, s.c.setUpId)).filter((r) => r.person_id === s.ada);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.check_in_channel).toBe(0);
    expect(rows[0]!.checked_in_by_user_id).not.toBeNull();
    // the record's id works as well as the registration's
    expect((await s.c.api.post(MARK, { ...body, personAttendanceID: rows[0]!.id })).json()).toBe('Already checked in');
    // Steward's page: marked absent again, then present again
    expect((await s.c.api.post(MARK, { ...body, isPresent: false })).json()).toBe('Marked absent');
    const [absent] = (await records(h.database, s.c.tenantId, s.c.setUpId)).filter((r) => r.person_id === s.ada);
    expect(absent!.checked_in_at).toBeNull();
    expect((await getReport(s.c.api, s.c.setUpId)).peopoleAttendancesDTOs[0]!.isPresent).toBe(false);
    expect((await s.c.api.post(MARK, body)).json()).toBe('Checked in successfully');
  });

  it('checks an existing member in, and creates and checks in a new person (the add-member bodies)', async () => {
    const s = await scene();
    const member = await createPerson(s.c.api, 'Member');
    const res = await s.c.api.post(MARK, {
      person: { personId: member },
      checkInChannel: 0,
      checkInAttendanceID: s.c.setUpId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe('Checked in successfully');
    const people = await countRows(h.database, 'people', s.c.tenantId);
    const added = await s.c.api.post(MARK, {
      person: { firstName: 'Nneka', lastName: 'Eze', mobilePhone: '08030000111', email: 'nneka@example.com' },
      checkInAttendanceID: s.c.setUpId,
      checkInChannel: 0,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toBe('Member added and checked in successfully');
    expect(await countRows(h.database, 'people', s.c.tenantId)).toBe(people + 1);
    // the client sends the form with only a surname too
    const surname = await s.c.api.post(MARK, {
      person: { lastName: 'Okafor' },
      checkInAttendanceID: s.c.setUpId,
      checkInChannel: 0,
    });
    expect(surname.json()).toBe('Member added and checked in successfully');
    const r = await getReport(s.c.api, s.c.setUpId);
    expect(r.peopoleAttendancesDTOs.find((p) => p.name === 'Okafor')).toMatchObject({ isPresent: true });
    const nneka = r.peopoleAttendancesDTOs.find((p) => p.name === 'Nneka Eze')!;
    expect(nneka).toMatchObject({ isPresent: true, isRegistered: false, maskedPhone: '*******0111' });
    expect(r.peopoleAttendancesDTOs.filter((p) => p.personID === member)).toHaveLength(1);
  });

  it('marks a pre-checked-in child present at the door, recording who brought the child (§4.3 body)', async () => {
    const s = await scene();
    const parent = await createPerson(s.c.api, 'Parent');
    const res = await s.c.api.post(MARK, {
      personAttendanceId: s.pre.recordId,
      isPresent: true,
      isCheckedIn: true,
      checkInById: parent,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toBe('Checked in successfully');
    const [row] = (await records(h.database, s.c.tenantId, s.c.setUpId)).filter((r) => r.person_id === s.child);
    expect(row).toMatchObject({ id: s.pre.recordId, check_in_channel: 2, checked_in_by_person_id: parent });
    expect(row!.checked_in_at).not.toBeNull();
    const child = (await getReport(s.c.api, s.c.setUpId)).peopoleAttendancesDTOs.find((p) => p.personID === s.child)!;
    expect(child).toMatchObject({
      isPresent: true,
      isPreCheckedIn: false,
      checkedinOption: 'Child check-in',
      checkedInBy: 'Parent Test',
      groupName: 'Toddlers',
    });
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const s = await scene();
    const before = await markingSnapshot(h.database, s.c.tenantId);
    const cases: [unknown, string][] = [
      [{}, 'personAttendanceID'],
      [{ checkInAttendanceID: s.c.setUpId, personAttendanceID: 'x' }, 'personAttendanceID'],
      [{ person: { firstName: ' ', lastName: '' }, checkInAttendanceID: s.c.setUpId, checkInChannel: 0 }, 'person'],
      [{ person: { firstName: 'A', homeAddress: 'x' }, checkInAttendanceID: s.c.setUpId, checkInChannel: 0 }, 'person'],
      [{ person: { firstName: 'A', email: 'not-mail' }, checkInAttendanceID: s.c.setUpId }, 'person'],
      [{ person: { personId: s.ada }, checkInChannel: 0 }, 'checkInAttendanceID'],
      [{ person: { personId: s.ada }, checkInChannel: 1, checkInAttendanceID: s.c.setUpId }, 'checkInChannel'],
      [{ checkInAttendanceID: s.c.setUpId, personAttendanceID: s.adaReg, person: { personId: s.ada } }, 'person'],
      [
        { personAttendanceId: s.pre.recordId, isPresent: true, isCheckedIn: true, checkInById: foreignPerson },
        'checkInById',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await s.c.api.post(MARK, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json().errors), JSON.stringify(body)).toContain(field);
    }
    expect(await markingSnapshot(h.database, s.c.tenantId)).toBe(before);
  });

  it("answers 404 for another church's set-up, record or person, and 401 without a session", async () => {
    const s = await scene();
    const before = await markingSnapshot(h.database, s.c.tenantId);
    const bodies = [
      { checkInAttendanceID: other.setUpId, personAttendanceID: s.adaReg },
      { checkInAttendanceID: s.c.setUpId, personAttendanceID: foreignRecord },
      { checkInAttendanceID: s.c.setUpId, personAttendanceID: foreignRegistration },
      { person: { personId: foreignPerson }, checkInChannel: 0, checkInAttendanceID: s.c.setUpId },
      { person: { personId: s.ada }, checkInChannel: 0, checkInAttendanceID: other.setUpId },
      { person: { firstName: 'New', lastName: 'Person' }, checkInChannel: 0, checkInAttendanceID: other.setUpId },
    ];
    for (const body of bodies) expect((await s.c.api.post(MARK, body)).statusCode, JSON.stringify(body)).toBe(404);
    expect(await markingSnapshot(h.database, s.c.tenantId)).toBe(before);
    const foreignBefore = await markingSnapshot(h.database, other.tenantId);
    expect(
      (await anon().post(MARK, { checkInAttendanceID: other.setUpId, personAttendanceID: foreignRegistration }))
        .statusCode,
    ).toBe(401);
    expect(await markingSnapshot(h.database, other.tenantId)).toBe(foreignBefore);
  });
});

describe('POST /api/CheckInAttendance/CheckOut', () => {
  it('checks a present person out once, recording who and when; answers the strings the client reads', async () => {
    const s = await scene();
    await s.c.api.post(MARK, { checkInAttendanceID: s.c.setUpId, personAttendanceID: s.bolaReg });
    const res = await s.c.api.post(CHECKOUT, { checkInAttendanceID: s.c.setUpId, personAttendanceID: s.bolaReg });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toBe('Checked out successfully');
    const [row] = (await records(h.database, s.c.tenantId, s.c.setUpId)).filter((r) => r.person_id === s.bola);
    expect(row!.checked_out_at).not.toBeNull();
    expect(row!.checked_out_by_user_id).toBe(row!.checked_in_by_user_id);
    // the §4.3 body, a second time
    expect(
      (await s.c.api.post(CHECKOUT, { personAttendanceId: row!.id, checkInAttendanceId: s.c.setUpId })).json(),
    ).toBe('Already checked out');
    const bola = (await getReport(s.c.api, s.c.setUpId)).peopoleAttendancesDTOs.find((p) => p.personID === s.bola)!;
    expect(bola).toMatchObject({ isPresent: true, isCheckedOut: true, checkedOutBy: 'Ada Obi' });
    expect(bola.checkOutTime).not.toBeNull();
    // registered, never here; pre-checked in, not yet here
    for (const id of [s.adaReg, s.pre.recordId])
      expect((await s.c.api.post(CHECKOUT, { checkInAttendanceID: s.c.setUpId, personAttendanceID: id })).json()).toBe(
        'User Was Not Checked In Earlier',
      );
    // Steward's page: undo
    expect(
      (
        await s.c.api.post(CHECKOUT, {
          checkInAttendanceID: s.c.setUpId,
          personAttendanceID: row!.id,
          isCheckedOut: false,
        })
      ).json(),
    ).toBe('Check-out undone');
    const [undone] = (await records(h.database, s.c.tenantId, s.c.setUpId)).filter((r) => r.person_id === s.bola);
    expect(undone!.checked_out_at).toBeNull();
  });

  it('answers 400 for a bad body, 404 for another church, 401 without a session; writes nothing', async () => {
    const s = await scene();
    const before = await markingSnapshot(h.database, s.c.tenantId);
    for (const body of [{}, { checkInAttendanceID: s.c.setUpId }, { personAttendanceID: 5 }, []])
      expect((await s.c.api.post(CHECKOUT, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(
      (await s.c.api.post(CHECKOUT, { checkInAttendanceID: s.c.setUpId, personAttendanceID: foreignRecord }))
        .statusCode,
    ).toBe(404);
    expect(
      (await s.c.api.post(CHECKOUT, { personAttendanceId: foreignRecord, checkInAttendanceId: other.setUpId }))
        .statusCode,
    ).toBe(404);
    // a record of this church under another set-up's id
    expect(
      (await s.c.api.post(CHECKOUT, { personAttendanceID: s.pre.recordId, checkInAttendanceID: other.setUpId }))
        .statusCode,
    ).toBe(404);
    expect(await markingSnapshot(h.database, s.c.tenantId)).toBe(before);
    expect((await anon().post(CHECKOUT, { personAttendanceId: foreignRecord })).statusCode).toBe(401);
  });
});

describe('POST /api/CheckinAttendance/MarkAllAttendance', () => {
  it('checks everyone registered or expected in with an empty list, then checks the listed out', async () => {
    const s = await scene();
    const res = await s.c.api.post(MARK_ALL, {
      checkInAttendanceID: s.c.setUpId,
      checkin: true,
      personAttendanceIDs: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, returnObject: { affected: 3 } });
    let rows = await records(h.database, s.c.tenantId, s.c.setUpId);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.checked_in_at !== null)).toBe(true);
    // again: nobody changes
    expect(
      (
        await s.c.api.post(MARK_ALL, { checkInAttendanceID: s.c.setUpId, checkin: true, personAttendanceIDs: [] })
      ).json().returnObject.affected,
    ).toBe(0);
    // out: the listed ones (a registration id names its person's record)
    const out = await s.c.api.post(MARK_ALL, {
      checkInAttendanceID: s.c.setUpId,
      checkin: false,
      personAttendanceIDs: [s.adaReg, s.pre.recordId],
    });
    expect(out.json().returnObject.affected).toBe(2);
    rows = await records(h.database, s.c.tenantId, s.c.setUpId);
    expect(
      rows
        .filter((r) => r.checked_out_at !== null)
        .map((r) => r.person_id)
        .sort(),
    ).toEqual([s.ada, s.child].sort());
    expect(rows.find((r) => r.person_id === s.ada)!.checked_out_by_user_id).not.toBeNull();
    // in again: the listed one's check-out is cleared
    const back = await s.c.api.post(MARK_ALL, {
      checkInAttendanceID: s.c.setUpId,
      checkin: true,
      personAttendanceIDs: [s.adaReg],
    });
    expect(back.json().returnObject.affected).toBe(1);
    rows = await records(h.database, s.c.tenantId, s.c.setUpId);
    expect(rows.find((r) => r.person_id === s.ada)!.checked_out_at).toBeNull();
    // out: everyone present
    const all = await s.c.api.post(MARK_ALL, {
      checkInAttendanceID: s.c.setUpId,
      checkin: false,
      personAttendanceIDs: [],
    });
    expect(all.json().returnObject.affected).toBe(2);
  });

  it('answers 400 for a bad body, 404 for ids of another church or set-up, 401 without a session; writes nothing', async () => {
    const s = await scene();
    const before = await markingSnapshot(h.database, s.c.tenantId);
    for (const body of [
      { checkInAttendanceID: s.c.setUpId, checkin: 'yes', personAttendanceIDs: [] },
      { checkInAttendanceID: s.c.setUpId, personAttendanceIDs: [] },
      { checkInAttendanceID: 'x', checkin: true },
      { checkInAttendanceID: s.c.setUpId, checkin: true, personAttendanceIDs: ['x'] },
    ])
      expect((await s.c.api.post(MARK_ALL, body)).statusCode, JSON.stringify(body)).toBe(400);
    for (const body of [
      { checkInAttendanceID: other.setUpId, checkin: true, personAttendanceIDs: [] },
      { checkInAttendanceID: s.c.setUpId, checkin: true, personAttendanceIDs: [s.adaReg, foreignRegistration] },
      { checkInAttendanceID: s.c.setUpId, checkin: false, personAttendanceIDs: [foreignRecord] },
    ])
      expect((await s.c.api.post(MARK_ALL, body)).statusCode, JSON.stringify(body)).toBe(404);
    expect(await markingSnapshot(h.database, s.c.tenantId)).toBe(before);
    expect((await anon().post(MARK_ALL, { checkInAttendanceID: other.setUpId, checkin: true })).statusCode).toBe(401);
  });
});

describe('DELETE /api/CheckInAttendance/DeletePersonEventAttendance', () => {
  it("removes a person from the set-up's list: record deleted, registration cancelled", async () => {
    const s = await scene();
    await s.c.api.post(MARK, { checkInAttendanceID: s.c.setUpId, personAttendanceID: s.bolaReg });
    const bolaRecord = (await records(h.database, s.c.tenantId, s.c.setUpId)).find((r) => r.person_id === s.bola)!;
    const res = await s.c.api.delete(`${DELETE}?id=${bolaRecord.id}&checkInAttendanceId=${s.c.setUpId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, response: 'CheckIn attendance Deleted' });
    // a registered person with no record, by the registration id
    expect((await s.c.api.delete(`${DELETE}?id=${s.adaReg}&checkInAttendanceId=${s.c.setUpId}`)).statusCode).toBe(200);
    const r = await getReport(s.c.api, s.c.setUpId);
    expect(r.peopoleAttendancesDTOs.map((p) => p.personID)).toEqual([s.child]);
    const regs = await queryRows<{ status: string }>(
      h.database.db,
      sql`select status from event_registrations where checkin_attendance_id = ${s.c.setUpId}`,
    );
    expect(regs.map((x) => x.status)).toEqual(['cancelled', 'cancelled']);
    // gone: a second delete finds nothing
    expect((await s.c.api.delete(`${DELETE}?id=${bolaRecord.id}&checkInAttendanceId=${s.c.setUpId}`)).statusCode).toBe(
      404,
    );
  });

  it('keeps a check-in that has check-out attempts on record (409, nothing deleted)', async () => {
    const s = await scene();
    await h.database.db.execute(
      sql`insert into checkout_attempts (tenant_id, attendance_record_id, code_entered, succeeded)
          values (${s.c.tenantId}, ${s.pre.recordId}, 'WXYZ', false)`,
    );
    const before = await markingSnapshot(h.database, s.c.tenantId);
    const res = await s.c.api.delete(`${DELETE}?id=${s.pre.recordId}&checkInAttendanceId=${s.c.setUpId}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().response).toContain('check-out attempts');
    expect(await markingSnapshot(h.database, s.c.tenantId)).toBe(before);
  });

  it('answers 400 for bad ids, 404 for another church, 401 without a session; writes nothing', async () => {
    const s = await scene();
    const before = await markingSnapshot(h.database, s.c.tenantId);
    expect((await s.c.api.delete(`${DELETE}?id=x&checkInAttendanceId=${s.c.setUpId}`)).statusCode).toBe(400);
    expect((await s.c.api.delete(`${DELETE}?id=${s.pre.recordId}`)).statusCode).toBe(400);
    expect(
      (await s.c.api.delete(`${DELETE}?id=${foreignRecord}&checkInAttendanceId=${other.setUpId}`)).statusCode,
    ).toBe(404);
    expect(
      (await s.c.api.delete(`${DELETE}?id=${s.pre.recordId}&checkInAttendanceId=${other.setUpId}`)).statusCode,
    ).toBe(404);
    expect(await markingSnapshot(h.database, s.c.tenantId)).toBe(before);
    const foreignBefore = await markingSnapshot(h.database, other.tenantId);
    expect((await anon().delete(`${DELETE}?id=${foreignRecord}&checkInAttendanceId=${other.setUpId}`)).statusCode).toBe(
      401,
    );
    expect(await markingSnapshot(h.database, other.tenantId)).toBe(foreignBefore);
  });
});

describe('the marking page lookups', () => {
  it('GET /GetAttendanceType answers the fixed [{id, name}] list, with or without a session', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/GetAttendanceType',
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const types = res.json() as { id: number; name: string }[];
    expect(types.map((t) => t.name)).toEqual(['Adults', 'Children', 'Men', 'Women', 'Youth', 'First timers', 'Online']);
    expect(types.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('GET /api/Financials/Contributions/Items (capitalised) answers the items as {id, name}', async () => {
    const c = await attendanceChurch(h.app);
    const res = await c.api.get('/api/Financials/Contributions/Items');
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { id: string; name: string }[]).map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['Sunday Offering', 'Tithe']));
  });
});

/** A custom field of entity 5 (CheckInAttendance) through the settings API. */
async function field(c: AttendanceChurch, body: Record<string, unknown>): Promise<string> {
  const res = await c.api.post('/api/CustomFields/SaveCustomFields', {
    entityType: 'CheckInAttendance',
    tenantID: c.tenantId,
    parameterValues: '',
    controlType: 'Text',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  const json = res.json() as { id?: string; returnObject?: { id: string } };
  return (json.id ?? json.returnObject?.id)!;
}

describe('PUT /api/CheckInAttendance/UpdateCheckInAttendance', () => {
  it("saves details, status, title, note, head counts and custom answers from the client's body; offerings are not written, and a typed one is refused", async () => {
    const c = await attendanceChurch(h.app);
    const preacher = await field(c, { label: 'Preacher' });
    const weather = await field(c, { label: 'Weather', controlType: 'DropdownList', parameterValues: 'Sunny,Rainy' });
    const r0 = await getReport(c.api, c.setUpId);
    const offeringsBefore = await countRows(h.database, 'offering_transactions', c.tenantId);
    const body = {
      eventName: r0.eventName,
      eventDate: r0.eventDate,
      details: 'Harvest thanksgiving',
      status: 'Held',
      title: 'Harvest',
      bannerImage: r0.bannerImage,
      id: c.setUpId,
      offerings: [
        { id: undefined, financialContributionID: c.sundayItem, amount: 0 },
        { financialContributionID: c.titheItem, amount: null },
      ],
      attendances: [
        { attendanceTypeID: 1, number: 120 },
        { attendanceTypeID: 2, number: 45 },
        { attendanceTypeID: 3, number: 0 },
      ],
      customAttributeData: [
        { customAttributeID: preacher, data: 'Pastor Bayo', entityID: c.setUpId },
        { customAttributeID: weather, data: 'rainy', entityID: c.setUpId },
      ],
      note: 'Choir ministered',
    };
    // an amount typed on the page (none is recorded for the item) is refused, and nothing is saved
    const typed = await c.api.put(UPDATE, {
      ...body,
      offerings: [
        { financialContributionID: c.titheItem, amount: 0 },
        { financialContributionID: c.sundayItem, amount: 5000 },
      ],
    });
    expectBadRequest(typed, 'offerings.1.amount');
    expect(await getReport(c.api, c.setUpId)).toEqual(r0);

    const res = await c.api.put(UPDATE, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: true, returnObject: { id: c.setUpId } });
    const r = await getReport(c.api, c.setUpId);
    expect(r).toMatchObject({
      details: 'Harvest thanksgiving',
      status: 'Held',
      title: 'Harvest',
      note: 'Choir ministered',
    });
    expect(r.attendances).toEqual([
      { id: 1, attendanceTypeID: 1, number: 120, name: 'Adults' },
      { id: 2, attendanceTypeID: 2, number: 45, name: 'Children' },
    ]);
    expect(r.headCountTotal).toBe(165);
    expect(r.customAttributeData).toEqual(
      expect.arrayContaining([
        { customAttributeID: preacher, data: 'Pastor Bayo', entityID: c.setUpId },
        { customAttributeID: weather, data: 'Rainy', entityID: c.setUpId },
      ]),
    );
    expect(r.customAttributeData).toHaveLength(2);
    expect(r.offerings).toEqual([]);
    expect(await countRows(h.database, 'offering_transactions', c.tenantId)).toBe(offeringsBefore);

    // saved again, as the client does after a reload: counts replaced, one answer per field, a field left out untouched
    const again = await c.api.put(UPDATE, {
      ...body,
      details: null,
      attendances: [
        { id: 1, attendanceTypeID: 1, number: 130 },
        { id: 2, attendanceTypeID: 2, number: 0 },
      ],
      customAttributeData: [
        { customAttributeID: preacher, data: 'Pastor Ada', entityID: c.setUpId },
        { customAttributeID: weather, entityID: c.setUpId },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    const r2 = await getReport(c.api, c.setUpId);
    expect(r2.details).toBe('');
    expect(r2.attendances).toEqual([{ id: 1, attendanceTypeID: 1, number: 130, name: 'Adults' }]);
    expect(r2.customAttributeData).toHaveLength(2);
    expect(r2.customAttributeData).toEqual(
      expect.arrayContaining([{ customAttributeID: preacher, data: 'Pastor Ada', entityID: c.setUpId }]),
    );
    // a body with only the id changes nothing
    expect((await c.api.put(UPDATE, { id: c.setUpId })).statusCode).toBe(200);
    expect(await getReport(c.api, c.setUpId)).toEqual(r2);
  });

  it('refuses bad bodies with 400 naming the field and writes nothing (the text fields included)', async () => {
    const c = await attendanceChurch(h.app);
    const weather = await field(c, { label: 'Weather', controlType: 'DropdownList', parameterValues: 'Sunny,Rainy' });
    const memberField = await c.api.post('/api/CustomFields/SaveCustomFields', {
      entityType: 'Member',
      tenantID: c.tenantId,
      label: 'Hymn',
      parameterValues: '',
      controlType: 'Text',
    });
    const memberFieldId = memberField.json() as { id?: string; returnObject?: { id: string } };
    const before = await markingSnapshot(h.database, c.tenantId);
    const base = { id: c.setUpId, details: 'should not be saved', note: 'nor this' };
    const cases: [unknown, string][] = [
      [{ ...base, id: 'x' }, 'id'],
      [{ ...base, attendances: [{ attendanceTypeID: 1, number: -1 }] }, 'attendances.0.number'],
      [{ ...base, attendances: [{ attendanceTypeID: 1, number: null }] }, 'attendances.0.number'],
      [{ ...base, attendances: [{ attendanceTypeID: 99, number: 3 }] }, 'attendances.0.attendanceTypeID'],
      [{ ...base, attendances: [{ attendanceTypeID: 1, number: 2.5 }] }, 'attendances.0.number'],
      [{ ...base, customAttributeData: [{ customAttributeID: weather, data: 'Snowy' }] }, 'customAttributeData.0.data'],
      [
        { ...base, customAttributeData: [{ customAttributeID: weather, data: 'Sunny', entityID: other.setUpId }] },
        'customAttributeData.0.entityID',
      ],
      [
        {
          ...base,
          customAttributeData: [
            { customAttributeID: memberFieldId.id ?? memberFieldId.returnObject!.id, data: 'Abide with me' },
          ],
        },
        'customAttributeData.0.customAttributeID',
      ],
      [{ ...base, note: 'x'.repeat(5001) }, 'note'],
    ];
    for (const [body, fieldName] of cases) {
      const res = await c.api.put(UPDATE, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(fieldName);
    }
    expect(await markingSnapshot(h.database, c.tenantId)).toBe(before);
  });

  it("answers 404 for another church's set-up or custom field, 401 without a session", async () => {
    const c = await attendanceChurch(h.app);
    const theirs = await field(other, { label: `Theirs ${Date.now()}` });
    const before = await markingSnapshot(h.database, c.tenantId);
    expect((await c.api.put(UPDATE, { id: other.setUpId, note: 'x' })).statusCode).toBe(404);
    expect(
      (
        await c.api.put(UPDATE, {
          id: c.setUpId,
          note: 'x',
          customAttributeData: [{ customAttributeID: theirs, data: 'a' }],
        })
      ).statusCode,
    ).toBe(404);
    expect(await markingSnapshot(h.database, c.tenantId)).toBe(before);
    const foreignBefore = await markingSnapshot(h.database, other.tenantId);
    expect((await anon().put(UPDATE, { id: other.setUpId, note: 'x' })).statusCode).toBe(401);
    expect(await markingSnapshot(h.database, other.tenantId)).toBe(foreignBefore);
  });
});

describe('the dashboard counts present people only', () => {
  it('does not count a pre-checked-in child as attendance or as a first-timer', async () => {
    const c = await attendanceChurch(h.app);
    const here = await createPerson(c.api, 'Here');
    const expected = await createPerson(c.api, 'Expected');
    await c.api.post(MARK, { person: { personId: here }, checkInChannel: 0, checkInAttendanceID: c.setUpId });
    await withTenant(h.database.db, c.tenantId, (tx) =>
      recordCheckIn(tx, c.tenantId, {
        checkinAttendanceId: c.setUpId,
        personId: expected,
        channel: CHECK_IN_CHANNEL.familyPortal,
        present: false,
      }),
    );
    const att = (await c.api.get('/dashboard/attendance')).json().returnObject;
    const monthly = att.eventAttendanceChartDataMonthly[0].data as number[];
    expect(monthly[10]).toBe(1);
    expect((att.firstTimerSummary.firstTimerMonthly[0].data as number[])[10]).toBe(1);
    expect((await c.api.get('/dashboard/basic')).json().returnObject.firstTimerCount).toBe(1);
    // at the door, the child counts
    await c.api.post(MARK, { person: { personId: expected }, checkInChannel: 0, checkInAttendanceID: c.setUpId });
    const after = (await c.api.get('/dashboard/attendance')).json().returnObject;
    expect((after.eventAttendanceChartDataMonthly[0].data as number[])[10]).toBe(2);
  });
});

// a set-up made for another event of the church is its own list
describe('set-ups of one church', () => {
  it('keeps each set-up to its own people', async () => {
    const s = await scene();
    const second = await createSetUp(s.c.api, s.c.eventId);
    expect((await getReport(s.c.api, second.id)).peopoleAttendancesDTOs).toEqual([]);
    // a lapsed unpaid hold holds no place
    const lapsed = await createPerson(s.c.api, 'Lapsed');
    const reg = await register(h.database, s.c.tenantId, second.id, lapsed);
    expect((await getReport(s.c.api, second.id)).peopoleAttendancesDTOs.map((p) => p.id)).toEqual([reg]);
    await h.database.db.execute(sql`update event_registrations set status = 'expired' where id = ${reg}`);
    expect((await getReport(s.c.api, second.id)).peopoleAttendancesDTOs).toEqual([]);
    expect((await s.c.api.post(MARK, { checkInAttendanceID: second.id, personAttendanceID: reg })).statusCode).toBe(
      404,
    );
    // a registration id of the first set-up under the second's id
    expect(
      (await s.c.api.post(MARK, { checkInAttendanceID: second.id, personAttendanceID: s.adaReg })).statusCode,
    ).toBe(404);
  });
});
