import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { LIVE, uuidArray } from './marking-queries.ts';
import { CHECK_IN_CHANNEL, recordCheckInMany } from './records.ts';

/*
 * The writes of the marking page (issue 11 'Admin', third bullet): check-outs, 'Checkin all' and
 * 'Checkout all' as one statement each, removal from the list, and the report's saves. Each runs
 * in the church's transaction (withTenant) and still filters by tenant_id (DESIGN.md §1.4).
 */

/**
 * Marks record `recordId` absent again (an administrator's correction): arrival and check-out
 * cleared, so it counts as attendance no longer. Answers whether the record was present.
 */
export async function markAbsent(tx: Tx, tenantId: string, recordId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update attendance_records set checked_in_at = null, checked_out_at = null,
               checked_out_by_person_id = null, checked_out_by_user_id = null
         where tenant_id = ${tenantId} and id = ${recordId} and checked_in_at is not null
        returning id`,
  );
  return rows.length > 0;
}

/**
 * Checks record `recordId` out now, by user `userId`, when it is present and not yet checked
 * out (one statement: two concurrent check-outs record one). Answers whether it did.
 */
export async function checkOut(tx: Tx, tenantId: string, recordId: string, userId: string | null): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update attendance_records set checked_out_at = now(), checked_out_by_user_id = ${userId},
               checked_out_by_person_id = null
         where tenant_id = ${tenantId} and id = ${recordId}
           and checked_in_at is not null and checked_out_at is null
        returning id`,
  );
  return rows.length > 0;
}

/** Undoes a check-out of record `recordId`; answers whether it was checked out. */
export async function undoCheckOut(tx: Tx, tenantId: string, recordId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update attendance_records set checked_out_at = null, checked_out_by_user_id = null,
               checked_out_by_person_id = null
         where tenant_id = ${tenantId} and id = ${recordId} and checked_out_at is not null
        returning id`,
  );
  return rows.length > 0;
}

/**
 * 'Checkin all' in one statement: the people named by `ids` (record or registration ids), or
 * with no ids everyone registered or pre-checked in who is not yet present, are recorded
 * present (channel 0, by `userId`) through recordCheckInMany (records.ts, recordCheckIn's rule in
 * set form): one record per person, the first arrival kept, a check-out cleared (a chosen list
 * only). Rows already present and not checked out are left alone. Answers how many people
 * were changed.
 */
export async function markAllPresent(
  tx: Tx,
  tenantId: string,
  checkinAttendanceId: string,
  ids: readonly string[],
  userId: string | null,
): Promise<number> {
  const targets = ids.length
    ? sql`select person_id from attendance_records
           where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId} and id = any(${uuidArray(ids)})
          union
          select person_id from event_registrations
           where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId}
             and ${LIVE} and id = any(${uuidArray(ids)})`
    : sql`select person_id from event_registrations
           where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId} and ${LIVE}
          union
          select person_id from attendance_records
           where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId} and checked_in_at is null`;
  return recordCheckInMany(tx, tenantId, {
    checkinAttendanceId,
    people: targets,
    channel: CHECK_IN_CHANNEL.admin,
    checkedInByUserId: userId,
    reopenCheckedOut: ids.length > 0,
  });
}

/**
 * 'Checkout all' in one statement: the present, not checked-out records of the set-up named by
 * `ids` (record ids, or registration ids of the same person), or all of them with no ids, are
 * checked out now by `userId`. Answers how many.
 */
export async function checkOutAll(
  tx: Tx,
  tenantId: string,
  checkinAttendanceId: string,
  ids: readonly string[],
  userId: string | null,
): Promise<number> {
  const which = ids.length
    ? sql`and (r.id = any(${uuidArray(ids)}) or r.person_id in (
            select person_id from event_registrations
             where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId}
               and id = any(${uuidArray(ids)})))`
    : sql``;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update attendance_records r set checked_out_at = now(), checked_out_by_user_id = ${userId},
               checked_out_by_person_id = null
         where r.tenant_id = ${tenantId} and r.checkin_attendance_id = ${checkinAttendanceId}
           and r.checked_in_at is not null and r.checked_out_at is null ${which}
        returning r.id`,
  );
  return rows.length;
}

/** Whether the person's record at the set-up has check-out attempts (an append-only audit trail). */
export async function hasCheckoutAttempts(tx: Tx, tenantId: string, checkinAttendanceId: string, personId: string) {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from checkout_attempts a
          join attendance_records r on r.tenant_id = a.tenant_id and r.id = a.attendance_record_id
         where a.tenant_id = ${tenantId} and r.checkin_attendance_id = ${checkinAttendanceId}
           and r.person_id = ${personId}
         limit 1`,
  );
  return rows.length > 0;
}

/**
 * Removes person `personId` from set-up `checkinAttendanceId`: the attendance record deleted
 * and a registration cancelled (kept for its payment). A record with check-out attempts cannot
 * be deleted (foreign key from the append-only checkout_attempts): the caller checks first.
 */
export async function removePerson(tx: Tx, tenantId: string, checkinAttendanceId: string, personId: string) {
  // the person's answers to the check-in questions go with the record they were given for
  await tx.execute(
    sql`delete from custom_field_values v using attendance_records r
         where v.tenant_id = ${tenantId} and r.tenant_id = ${tenantId} and v.entity_id = r.id
           and r.checkin_attendance_id = ${checkinAttendanceId} and r.person_id = ${personId}`,
  );
  await tx.execute(
    sql`delete from attendance_records
         where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId} and person_id = ${personId}`,
  );
  await tx.execute(
    sql`update event_registrations set status = 'cancelled'
         where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId} and person_id = ${personId}
           and ${LIVE}`,
  );
}

/** The report fields UpdateCheckInAttendance saves; undefined = unchanged, null = cleared. */
export interface ReportFields {
  details?: string | null;
  status?: string | null;
  title?: string | null;
  note?: string | null;
}

/** Saves the report's text fields of set-up `id`. */
export async function saveReportFields(tx: Tx, tenantId: string, id: string, f: ReportFields) {
  const keep = (v: string | null | undefined, col: string) =>
    v === undefined ? sql.raw(col) : sql`${v === null || v.trim() === '' ? null : v.trim()}`;
  await tx.execute(
    sql`update checkin_attendances set
          details = ${keep(f.details, 'details')},
          status = ${keep(f.status, 'status')},
          title = ${keep(f.title, 'title')},
          note = ${keep(f.note, 'note')}
         where tenant_id = ${tenantId} and id = ${id}`,
  );
}

/**
 * Replaces the set-up's head counts of the given types (`counts`: type id → number; 0 removes
 * the type's count), in one statement each way.
 */
export async function saveHeadCounts(
  tx: Tx,
  tenantId: string,
  checkinAttendanceId: string,
  counts: ReadonlyMap<number, number>,
) {
  const set = [...counts].filter(([, n]) => n > 0);
  const zero = [...counts].filter(([, n]) => n === 0).map(([t]) => t);
  if (zero.length)
    await tx.execute(
      sql`delete from attendance_headcounts
           where tenant_id = ${tenantId} and checkin_attendance_id = ${checkinAttendanceId}
             and attendance_type_id = any(string_to_array(${zero.join(',')}, ',')::int[])`,
    );
  if (set.length)
    await tx.execute(
      sql`insert into attendance_headcounts (tenant_id, checkin_attendance_id, attendance_type_id, number)
          select ${tenantId}, ${checkinAttendanceId}, t.type_id, t.n
            from unnest(string_to_array(${set.map(([t]) => t).join(',')}, ',')::int[],
                        string_to_array(${set.map(([, n]) => n).join(',')}, ',')::int[]) as t(type_id, n)
          on conflict (tenant_id, checkin_attendance_id, attendance_type_id) do update set number = excluded.number`,
    );
}

/**
 * Replaces the answers of `answers` (field id, entity id, data; data '' removes the answer):
 * the old answers of those (field, entity) pairs are deleted and the non-empty ones inserted.
 * The caller holds the set-up's row lock, so two saves do not interleave.
 */
export async function replaceCustomAnswers(
  tx: Tx,
  tenantId: string,
  answers: readonly { fieldId: string; entityId: string; data: string }[],
) {
  if (!answers.length) return;
  const json = JSON.stringify(answers.map((a) => ({ f: a.fieldId, e: a.entityId, d: a.data })));
  await tx.execute(
    sql`delete from custom_field_values v
         using jsonb_to_recordset(${json}::jsonb) as a(f uuid, e uuid, d text)
         where v.tenant_id = ${tenantId} and v.custom_field_id = a.f and v.entity_id = a.e`,
  );
  await tx.execute(
    sql`insert into custom_field_values (tenant_id, custom_field_id, entity_id, data)
        select ${tenantId}, a.f, a.e, a.d from jsonb_to_recordset(${json}::jsonb) as a(f uuid, e uuid, d text)
         where a.d <> ''`,
  );
}
