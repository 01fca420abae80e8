import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows, type Database } from '../src/db/client.ts';
import type { Client } from './helpers.ts';

/*
 * Fixtures of the public check-in tests: a church's event, groups and check-in fields through the
 * API; the check-in set-up itself as the migration role (its create call is another part of
 * issue 11; the row is what that call writes: code, event, groups, texts, cut-off).
 */

/** A group created through POST /api/CreateGroup; answers its id. */
export async function createGroup(api: Client, name: string): Promise<string> {
  const res = await api.post('/api/CreateGroup', { name, description: '' });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** A check-in custom field (entity 5) through SaveCustomFields with the existing client's body; answers its id. */
export async function createCheckinField(
  api: Client,
  tenantID: string,
  label: string,
  controlType: string,
  parameterValues = '',
): Promise<string> {
  const res = await api.post('/api/CustomFields/SaveCustomFields', {
    entityType: 'CheckInAttendance',
    tenantID,
    label,
    parameterValues,
    controlType,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { id: string }).id;
}

/** An event (category + activity) through the events API; answers the activity id. */
export async function createEvent(api: Client, name: string, date: string): Promise<string> {
  const cats = await api.post(`/api/EventCategory?name=${encodeURIComponent(name)}`);
  expect(cats.statusCode, cats.body).toBe(200);
  const cat = (cats.json() as { id: string; name: string }[]).find((c) => c.name === name)!;
  const res = await api.post('/api/Events/CreateActivity', { activity: { date, eventCategoryId: cat.id } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { currentEvent: { id: string } }).currentEvent.id;
}

export interface SetupOptions {
  activityId: string;
  groupIds: string[];
  /** ISO instant; null for no cut-off */
  cutOff?: string | null;
  checkinSms?: string | null;
  checkinSmsSubject?: string | null;
  checkinEmail?: string | null;
  checkinEmailSubject?: string | null;
}

/** A check-in set-up written as the migration role; answers its id and random public code. */
export async function createSetup(
  database: Database,
  tenantId: string,
  o: SetupOptions,
): Promise<{ id: string; code: string }> {
  const code = randomBytes(9).toString('base64url');
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into checkin_attendances
          (tenant_id, attendance_code, activity_id, checkin_sms, checkin_sms_subject, checkin_email,
           checkin_email_subject, check_in_cut_off_time)
        values (${tenantId}, ${code}, ${o.activityId}, ${o.checkinSms ?? null}, ${o.checkinSmsSubject ?? null},
                ${o.checkinEmail ?? null}, ${o.checkinEmailSubject ?? null}, ${o.cutOff ?? null}::timestamptz)
        returning id`,
  );
  for (const g of o.groupIds)
    await database.db.execute(
      sql`insert into checkin_attendance_groups (tenant_id, checkin_attendance_id, group_id) values (${tenantId}, ${row!.id}, ${g})`,
    );
  return { id: row!.id, code };
}

/** A person written as the migration role (what a member list already holds); answers the id. */
export async function insertPerson(
  database: Database,
  tenantId: string,
  p: { firstName: string; lastName: string; phone: string; email?: string | null; address?: string | null },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`insert into people (tenant_id, first_name, last_name, mobile_phone, email, home_address)
        values (${tenantId}, ${p.firstName}, ${p.lastName}, ${p.phone}, ${p.email ?? null}, ${p.address ?? null})
        returning id`,
  );
  return row!.id;
}

/** Lets the church send SMS: an approved sender ID and units (the platform operator's doing). */
export async function enableSms(database: Database, tenantId: string, mask: string): Promise<void> {
  await database.db.execute(sql`insert into sms_unit_balances (tenant_id, units) values (${tenantId}, 1000)`);
  await database.db.execute(sql`insert into sender_ids (tenant_id, mask, status) values (${tenantId}, ${mask}, 2)`);
}

/** Messages to `personId` by channel (message_recipients of communication_reports), counted in SQL. */
export async function messagesTo(database: Database, tenantId: string, personId: string) {
  const rows = await queryRows<{ channel: string; n: number; body: string }>(
    database.db,
    sql`select cr.channel, count(*)::int as n, min(cr.body) as body
          from message_recipients mr
          join communication_reports cr on cr.tenant_id = mr.tenant_id and cr.id = mr.report_id
         where mr.tenant_id = ${tenantId} and mr.person_id = ${personId}
         group by cr.channel`,
  );
  const of = (c: string) => rows.find((r) => r.channel === c);
  return {
    sms: of('sms')?.n ?? 0,
    email: of('email')?.n ?? 0,
    smsBody: of('sms')?.body ?? null,
    emailBody: of('email')?.body ?? null,
  };
}

/** The people of the church with a phone ending in these 10 digits. */
export function peopleWithPhoneKey(database: Database, tenantId: string, key: string) {
  return queryRows<{
    id: string;
    first_name: string;
    last_name: string;
    email: string | null;
    home_address: string | null;
    day_of_birth: number | null;
    month_of_birth: number | null;
  }>(
    database.db,
    sql`select id, first_name, last_name, email, home_address, day_of_birth, month_of_birth
          from people where tenant_id = ${tenantId} and mobile_phone_key = ${key} order by created_at`,
  );
}

/** The attendance records of a set-up. */
export function recordsOf(database: Database, tenantId: string, setupId: string) {
  return queryRows<{ id: string; person_id: string; check_in_channel: number; checked_in_at: Date | null }>(
    database.db,
    sql`select id, person_id, check_in_channel, checked_in_at from attendance_records
         where tenant_id = ${tenantId} and checkin_attendance_id = ${setupId}`,
  );
}

/** Counts of what a check-in writes, for 'nothing written' checks. */
export async function footprint(database: Database, tenantId: string) {
  const [row] = await queryRows<{ people: number; records: number; members: number; answers: number; reports: number }>(
    database.db,
    sql`select (select count(*)::int from people where tenant_id = ${tenantId}) as people,
               (select count(*)::int from attendance_records where tenant_id = ${tenantId}) as records,
               (select count(*)::int from group_members where tenant_id = ${tenantId}) as members,
               (select count(*)::int from custom_field_values where tenant_id = ${tenantId}) as answers,
               (select count(*)::int from communication_reports where tenant_id = ${tenantId}) as reports`,
  );
  return row!;
}
