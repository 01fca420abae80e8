import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/*
 * The SQL of the public self check-in (issue 11; spec 2.11). Every statement names the tenant,
 * besides row-level security (DESIGN.md §1.4); the lookups made before the church is known go
 * through the narrow security-definer functions (migration 0019: attendance_code_tenant).
 */

/** The church of the set-up with public code `code` (attendance_code_tenant; deleted set-ups have none). */
export async function codeTenant(tx: Tx, code: string): Promise<string | null> {
  const [row] = await queryRows<{ t: string | null }>(tx, sql`select attendance_code_tenant(${code}) as t`);
  return row?.t ?? null;
}

/**
 * The church of the set-up with id `id` (attendance_id_tenant). The existing client searches
 * with the set-up's id (existing-client-api §4.2: `checkinId=${eventData.id}`). Throws SQLSTATE
 * 42883 while the database has no such function (the caller then falls back to the code).
 */
export async function idTenant(tx: Tx, id: string): Promise<string | null> {
  const [row] = await queryRows<{ t: string | null }>(tx, sql`select attendance_id_tenant(${id}::uuid) as t`);
  return row?.t ?? null;
}

/** A check-in set-up as the public page needs it, with its event and the church. */
export interface PublicSetupRow {
  id: string;
  attendanceCode: string;
  eventName: string;
  /** the event's day, 'YYYY-MM-DD' */
  eventDate: string;
  checkInCutOff: Date | null;
  /** now() >= the cut-off, by the database's clock */
  isClosed: boolean;
  checkinSms: string | null;
  checkinSmsSubject: string | null;
  checkinEmail: string | null;
  checkinEmailSubject: string | null;
  churchName: string;
  churchLogo: string | null;
}

/**
 * The set-up named by `key` (its public code, or its id when `key` is a uuid) in the church, not
 * deleted; `lock` takes it FOR SHARE (a check-in against a set-up being deleted waits for it).
 */
export async function findSetup(
  tx: Tx,
  tenantId: string,
  key: string,
  lock = false,
): Promise<PublicSetupRow | undefined> {
  const isId = UUID.test(key);
  const [row] = await queryRows<PublicSetupRow>(
    tx,
    sql`select ca.id, ca.attendance_code as "attendanceCode", a.name as "eventName",
               a.activity_date::text as "eventDate", ca.check_in_cut_off_time as "checkInCutOff",
               coalesce(now() >= ca.check_in_cut_off_time, false) as "isClosed",
               ca.checkin_sms as "checkinSms", ca.checkin_sms_subject as "checkinSmsSubject",
               ca.checkin_email as "checkinEmail", ca.checkin_email_subject as "checkinEmailSubject",
               t.church_name as "churchName", t.logo_url as "churchLogo"
          from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
          join tenants t on t.id = ca.tenant_id
         where ca.tenant_id = ${tenantId} and ca.deleted_at is null
           and ${isId ? sql`(ca.id = ${key}::uuid or ca.attendance_code = ${key})` : sql`ca.attendance_code = ${key}`}
         limit 1
         ${lock ? sql`for share of ca` : sql``}`,
  );
  if (!row) return undefined;
  // PGlite answers timestamptz as a Date, node-postgres too; text as a fallback
  return { ...row, checkInCutOff: row.checkInCutOff ? new Date(row.checkInCutOff) : null };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The set-up's groups, by name: `{id, name}`. */
export function setupGroups(tx: Tx, tenantId: string, setupId: string): Promise<{ id: string; name: string }[]> {
  return queryRows(
    tx,
    sql`select g.id, g.name
          from checkin_attendance_groups cag
          join groups g on g.tenant_id = cag.tenant_id and g.id = cag.group_id
         where cag.tenant_id = ${tenantId} and cag.checkin_attendance_id = ${setupId}
         order by lower(g.name), g.id`,
  );
}

/** A person a phone search found: what is masked and shown. */
export interface PhoneMatchRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  homeAddress: string | null;
  hasBirthday: boolean;
}

/**
 * The church's people whose mobile phone has the last 10 digits `phoneKey` (index
 * people_phone_key_idx), the earliest recorded first, at most `limit`.
 */
export function peopleByPhoneKey(tx: Tx, tenantId: string, phoneKey: string, limit: number): Promise<PhoneMatchRow[]> {
  return queryRows(
    tx,
    sql`select p.id, p.first_name as "firstName", p.last_name as "lastName", p.email,
               p.home_address as "homeAddress",
               (p.day_of_birth is not null or p.month_of_birth is not null) as "hasBirthday"
          from people p
         where p.tenant_id = ${tenantId} and p.mobile_phone_key = ${phoneKey}
         order by p.created_at, p.id
         limit ${limit}`,
  );
}

/** Of `personIds`, who is in which of the set-up's groups: `{personId, groupId, name}` by group name. */
export function membershipsInSetup(
  tx: Tx,
  tenantId: string,
  setupId: string,
  personIds: string[],
): Promise<{ personId: string; groupId: string; name: string }[]> {
  if (personIds.length === 0) return Promise.resolve([]);
  return queryRows(
    tx,
    sql`select gm.person_id as "personId", g.id as "groupId", g.name
          from group_members gm
          join checkin_attendance_groups cag
            on cag.tenant_id = gm.tenant_id and cag.group_id = gm.group_id and cag.checkin_attendance_id = ${setupId}
          join groups g on g.tenant_id = gm.tenant_id and g.id = gm.group_id
         where gm.tenant_id = ${tenantId}
           and gm.person_id in (select jsonb_array_elements_text(${JSON.stringify(personIds)}::jsonb)::uuid)
         order by lower(g.name), g.id`,
  );
}

/** The person `id` of the church, locked FOR UPDATE (a concurrent check-in of the same person waits). */
export async function lockPerson(
  tx: Tx,
  tenantId: string,
  id: string,
): Promise<
  | {
      id: string;
      email: string | null;
      homeAddress: string | null;
      dayOfBirth: number | null;
      monthOfBirth: number | null;
      mobilePhoneKey: string | null;
    }
  | undefined
> {
  const [row] = await queryRows<{
    id: string;
    email: string | null;
    homeAddress: string | null;
    dayOfBirth: number | null;
    monthOfBirth: number | null;
    mobilePhoneKey: string | null;
  }>(
    tx,
    sql`select id, email, home_address as "homeAddress", day_of_birth as "dayOfBirth",
               month_of_birth as "monthOfBirth", mobile_phone_key as "mobilePhoneKey"
          from people where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  return row;
}

/**
 * Fills in what a found person did not have on record: e-mail, home address, birthday (day and
 * month together). A value on record is never replaced (spec §5: 'Address is sent only if the
 * person had none'; a masked form never overwrites a name or e-mail).
 */
export async function fillMissing(
  tx: Tx,
  tenantId: string,
  id: string,
  v: { email: string | null; homeAddress: string | null; dayOfBirth: number | null; monthOfBirth: number | null },
): Promise<void> {
  await tx.execute(
    sql`update people set
          email = case when coalesce(email, '') = '' then coalesce(${v.email}, email) else email end,
          home_address = case when coalesce(home_address, '') = '' then coalesce(${v.homeAddress}, home_address)
                              else home_address end,
          day_of_birth = case when day_of_birth is null and month_of_birth is null then ${v.dayOfBirth}::int
                              else day_of_birth end,
          month_of_birth = case when day_of_birth is null and month_of_birth is null then ${v.monthOfBirth}::int
                                else month_of_birth end
        where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/**
 * Serialises, until the transaction ends, the check-ins of new people with the phone key
 * `phoneKey` in the church (a transaction-level advisory lock): a retried or doubled submission
 * of the same new visitor then finds the person the first one created.
 */
export async function lockPhoneKey(tx: Tx, tenantId: string, phoneKey: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`checkin:${tenantId}:${phoneKey}`}, 0))`);
}

/**
 * The church's person with this phone key and this name (first and last, ignoring case and
 * surrounding spaces), the earliest recorded, locked FOR UPDATE; undefined when none.
 */
export async function samePerson(
  tx: Tx,
  tenantId: string,
  phoneKey: string,
  firstName: string,
  lastName: string,
): Promise<{ id: string; email: string | null } | undefined> {
  const [row] = await queryRows<{ id: string; email: string | null }>(
    tx,
    sql`select id, email from people
         where tenant_id = ${tenantId} and mobile_phone_key = ${phoneKey}
           and lower(trim(first_name)) = lower(${firstName}) and lower(trim(last_name)) = lower(${lastName})
         order by created_at, id
         limit 1
         for update`,
  );
  return row;
}

/** A new person of the church; answers the id. */
export async function insertPerson(
  tx: Tx,
  tenantId: string,
  p: {
    firstName: string;
    lastName: string;
    email: string | null;
    mobilePhone: string;
    homeAddress: string | null;
    dayOfBirth: number | null;
    monthOfBirth: number | null;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into people (tenant_id, first_name, last_name, email, mobile_phone, home_address, day_of_birth, month_of_birth)
        values (${tenantId}, ${p.firstName}, ${p.lastName}, ${p.email}, ${p.mobilePhone}, ${p.homeAddress},
                ${p.dayOfBirth}::int, ${p.monthOfBirth}::int)
        returning id`,
  );
  return row!.id;
}

/** Adds the person to `groupIds` (already checked to be the set-up's); a membership held already stays. */
export async function joinGroups(tx: Tx, tenantId: string, personId: string, groupIds: string[]): Promise<void> {
  if (groupIds.length === 0) return;
  await tx.execute(
    sql`insert into group_members (tenant_id, group_id, person_id)
        select ${tenantId}, g::uuid, ${personId} from jsonb_array_elements_text(${JSON.stringify(groupIds)}::jsonb) g
        on conflict do nothing`,
  );
}

/** Of `ids`, the church's custom fields of entity type `entityType`: `{id, controlType, parameterValues}`. */
export function customFieldsOf(
  tx: Tx,
  tenantId: string,
  entityType: number,
  ids: string[],
): Promise<{ id: string; controlType: number; parameterValues: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows(
    tx,
    sql`select id, control_type as "controlType", parameter_values as "parameterValues"
          from custom_fields
         where tenant_id = ${tenantId} and entity_type = ${entityType}
           and id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
  );
}

/**
 * Replaces the answers of `entityId` (an attendance record) to the given fields: the previous
 * answers to those fields are removed, then `answers` written (one statement each).
 */
export async function replaceAnswers(
  tx: Tx,
  tenantId: string,
  entityId: string,
  answers: { fieldId: string; data: string }[],
): Promise<void> {
  if (answers.length === 0) return;
  const json = JSON.stringify(answers);
  await tx.execute(
    sql`delete from custom_field_values
         where tenant_id = ${tenantId} and entity_id = ${entityId}
           and custom_field_id in (select (a->>'fieldId')::uuid from jsonb_array_elements(${json}::jsonb) a)`,
  );
  await tx.execute(
    sql`insert into custom_field_values (tenant_id, custom_field_id, entity_id, data)
        select ${tenantId}, (a->>'fieldId')::uuid, ${entityId}, a->>'data' from jsonb_array_elements(${json}::jsonb) a`,
  );
}

/** When the person's record at the set-up says they arrived (ISO), from attendance_records. */
export async function checkInTime(tx: Tx, tenantId: string, recordId: string): Promise<string> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    tx,
    sql`select checked_in_at as at from attendance_records where tenant_id = ${tenantId} and id = ${recordId}`,
  );
  return row?.at ? new Date(row.at).toISOString() : new Date().toISOString();
}
