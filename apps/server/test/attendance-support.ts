import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { BuiltApp } from '../src/app.ts';
import { queryRows, type Database } from '../src/db/client.ts';
import type { Client } from './helpers.ts';
import { offeringChurch, type OfferingChurch } from './offering-setup.ts';

/*
 * Set-ups for the attendance marking and records tests, through the API: a church, its event,
 * items, people and the check-in set-up (CreateAttendanceCheckIn, multipart as the existing
 * client sends it) and groups. Registrations (issue 12's) are inserted with SQL as the migration
 * role.
 */

/** A church with an event ('Sunday Service'), offering items and a check-in set-up of that event. */
export interface AttendanceChurch extends OfferingChurch {
  setUpId: string;
  code: string;
}

export async function attendanceChurch(app: BuiltApp): Promise<AttendanceChurch> {
  const c = await offeringChurch(app);
  const { id, code } = await createSetUp(c.api, c.eventId);
  return { ...c, setUpId: id, code };
}

let groupCounter = 0;

/**
 * Creates a free check-in set-up of event `activityId` for a new group with the existing
 * client's multipart body (existing-client-api §4.1 CreateAttendanceCheckIn); answers its id and
 * public code.
 */
export async function createSetUp(api: Client, activityId: string) {
  groupCounter += 1;
  const group = await api.post('/api/CreateGroup', { name: `Congregation ${groupCounter}`, description: '' });
  expect(group.statusCode, group.body).toBe(200);
  const { id: groupId, name } = group.json() as { id: string; name: string };
  const form = new FormData();
  form.append('activityDate', '11-22-2026');
  form.append('isPaidFor', 'false');
  form.append('activityId', activityId);
  form.append('enableRegistration', 'true');
  form.append('groupIDs', JSON.stringify([{ id: groupId, name, children: [], displayCheck: true }]));
  const multipart = new Response(form);
  const res = await api.post(
    '/api/CheckInAttendance/CreateAttendanceCheckIn',
    Buffer.from(await multipart.arrayBuffer()),
    { 'content-type': multipart.headers.get('content-type')! },
  );
  expect(res.statusCode, res.body).toBe(200);
  const created = (
    res.json() as { returnObject: { checkInAttendanceResult: { id: string; attendanceCode: string }[] } }
  ).returnObject.checkInAttendanceResult[0]!;
  return { id: created.id, code: created.attendanceCode };
}

/** Creates a member through the API; answers the id. */
export async function createPerson(
  api: Client,
  firstName: string,
  extra: { lastName?: string; mobilePhone?: string; email?: string; homeAddress?: string } = {},
): Promise<string> {
  const res = await api.post('/api/People/CreateMember', { firstName, lastName: 'Test', ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { returnObject: { id: string } }).returnObject.id;
}

/** Registers `personId` for set-up `setUpId` (event_registrations); answers the registration id. */
export async function register(database: Database, tenantId: string, setUpId: string, personId: string) {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into event_registrations (tenant_id, checkin_attendance_id, person_id)
        values (${tenantId}, ${setUpId}, ${personId}) returning id`,
  );
  return row!.id;
}

/** Creates a group (a child's room) through the API; answers its id. */
export async function createGroup(api: Client, name: string) {
  const res = await api.post('/api/CreateGroup', { name, description: '' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** An attendance record as stored. */
export interface StoredRecord {
  id: string;
  person_id: string;
  checked_in_at: Date | null;
  checked_out_at: Date | null;
  check_in_channel: number;
  group_id: string | null;
  checked_in_by_person_id: string | null;
  checked_in_by_user_id: string | null;
  checked_out_by_user_id: string | null;
}

/** The attendance records of set-up `setUpId`, read as the migration role. */
export function records(database: Database, tenantId: string, setUpId: string) {
  return queryRows<StoredRecord>(
    database.db,
    sql`select id, person_id, checked_in_at, checked_out_at, check_in_channel, group_id, checked_in_by_person_id,
               checked_in_by_user_id, checked_out_by_user_id
          from attendance_records where tenant_id = ${tenantId} and checkin_attendance_id = ${setUpId}
         order by created_at, id`,
  );
}

/** A snapshot of everything the marking calls write, for "nothing written" checks. */
export async function markingSnapshot(database: Database, tenantId: string) {
  const rows = await queryRows<{ t: string }>(
    database.db,
    sql`select json_build_object(
          'records', (select coalesce(json_agg(r order by r.id), '[]') from attendance_records r where r.tenant_id = ${tenantId}),
          'registrations', (select coalesce(json_agg(g order by g.id), '[]') from event_registrations g where g.tenant_id = ${tenantId}),
          'people', (select count(*) from people p where p.tenant_id = ${tenantId}),
          'headcounts', (select coalesce(json_agg(h order by h.attendance_type_id), '[]') from attendance_headcounts h where h.tenant_id = ${tenantId}),
          'answers', (select coalesce(json_agg(v order by v.id), '[]') from custom_field_values v where v.tenant_id = ${tenantId}),
          'setups', (select coalesce(json_agg(json_build_object('id', c.id, 'details', c.details, 'status', c.status,
                       'title', c.title, 'note', c.note) order by c.id), '[]') from checkin_attendances c where c.tenant_id = ${tenantId})
        )::text as t`,
  );
  return rows[0]!.t;
}

/** The report of set-up `setUpId` through the API (asserting 200). */
export async function getReport(api: Client, setUpId: string) {
  const res = await api.get(`/api/CheckInAttendance/AttendanceReport?id=${setUpId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as import('@steward/contracts/attendance-marking').TAttendanceReport;
}
