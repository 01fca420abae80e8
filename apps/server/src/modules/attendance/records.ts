import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/*
 * The one way an attendance record is written (issue 11): every check-in path (an
 * administrator's mark and 'Checkin all', the public self check-in, a child at the door, the
 * family portal's pre-check-in) comes through here (recordCheckIn, and recordCheckInMany: the
 * same rule in set form), so a person checked in twice to one set-up is one record.
 */

/** How a check-in was made: the values of attendance_records.check_in_channel. */
export const CHECK_IN_CHANNEL = {
  /** marked by an administrator on the marking page */
  admin: 0,
  /** the public self check-in page (/checkin/e/{code}) */
  publicWeb: 1,
  /** a child checked in at the door (kiosk or volunteer) */
  childDoor: 2,
  /** pre-checked in from the family portal: not yet present */
  familyPortal: 3,
} as const;
export type TCheckInChannel = (typeof CHECK_IN_CHANNEL)[keyof typeof CHECK_IN_CHANNEL];

export interface RecordCheckInInput {
  checkinAttendanceId: string;
  personId: string;
  channel: TCheckInChannel;
  /**
   * false records the person as expected but not yet present (family-portal pre-check-in):
   * checked_in_at stays null until a later check-in with present true
   */
  present?: boolean;
  /** a child's room: one of the set-up's groups */
  groupId?: string | null;
  childCheckinId?: string | null;
  checkedInByPersonId?: string | null;
  checkedInByUserId?: string | null;
}

export interface RecordCheckInResult {
  /** attendance_records.id */
  recordId: string;
  /** true when this call made the person present (a new record, or a pre-check-in now at the door) */
  checkedInNow: boolean;
}

/**
 * The rule of a check-in of a person already on record at the set-up (alias `r` the stored row,
 * `excluded` the new one): present keeps the first arrival and clears a check-out; the channel is
 * the one that first made the person present; room, child check-in and who checked in are
 * replaced by the latest values given.
 */
function onConflict(present: boolean): SQL {
  return sql`
        checked_in_at = case when ${present} then coalesce(r.checked_in_at, now()) else r.checked_in_at end,
        checked_out_at = case when ${present} then null else r.checked_out_at end,
        checked_out_by_person_id = case when ${present} then null else r.checked_out_by_person_id end,
        checked_out_by_user_id = case when ${present} then null else r.checked_out_by_user_id end,
        check_in_channel = case when r.checked_in_at is null then excluded.check_in_channel else r.check_in_channel end,
        group_id = coalesce(excluded.group_id, r.group_id),
        child_checkin_id = coalesce(excluded.child_checkin_id, r.child_checkin_id),
        checked_in_by_person_id = coalesce(excluded.checked_in_by_person_id, r.checked_in_by_person_id),
        checked_in_by_user_id = coalesce(excluded.checked_in_by_user_id, r.checked_in_by_user_id)`;
}

/**
 * Records `personId` at check-in set-up `checkinAttendanceId` exactly once (unique index
 * attendance_records_once): a new record, or the existing one updated. A second check-in keeps
 * the first time of arrival; a person checked out and checked in again is present again (check-out
 * cleared). Room, child check-in and who brought the child are replaced by the latest values
 * given. Runs in the caller's transaction, which must be the church's (withTenant).
 *
 * `checkedInNow` tells the caller whether to send the check-in SMS and e-mail: only the call that
 * makes the person present sends them, so they go out once.
 *
 * @throws database errors (foreign keys: a person, set-up or group of another church does not exist)
 */
export async function recordCheckIn(tx: Tx, tenantId: string, input: RecordCheckInInput): Promise<RecordCheckInResult> {
  const present = input.present ?? true;
  const [row] = await queryRows<{ id: string; checked_in_now: boolean }>(
    tx,
    sql`
      insert into attendance_records as r (
        tenant_id, checkin_attendance_id, person_id, checked_in_at, check_in_channel, group_id,
        child_checkin_id, checked_in_by_person_id, checked_in_by_user_id
      ) values (
        ${tenantId}, ${input.checkinAttendanceId}, ${input.personId},
        ${present ? sql`now()` : sql`null`}, ${input.channel}, ${input.groupId ?? null},
        ${input.childCheckinId ?? null}, ${input.checkedInByPersonId ?? null}, ${input.checkedInByUserId ?? null}
      )
      on conflict (tenant_id, checkin_attendance_id, person_id) do update set ${onConflict(present)}
      -- made present by this statement: its arrival time is this transaction's now() (a concurrent
      -- check-in of the same person waits on the row and then sees the other's earlier time)
      returning r.id, coalesce(r.checked_in_at = now(), false) as checked_in_now
    `,
  );
  if (!row) throw new Error('recordCheckIn: no row returned');
  return { recordId: row.id, checkedInNow: row.checked_in_now };
}

/**
 * Claims the sending of the set-up's check-in SMS and e-mail for record `recordId` (issue 11:
 * "sends the configured check-in SMS and e-mail through messaging, once"): answers true the first
 * time only, false ever after, also after the person was marked absent and checked in again. One
 * statement in the church's transaction, so two concurrent check-ins claim it once; a check-in
 * that rolls back gives the claim back with it.
 */
export async function claimCheckinMessages(tx: Tx, tenantId: string, recordId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update attendance_records set checkin_messages_sent_at = now()
         where tenant_id = ${tenantId} and id = ${recordId} and checkin_messages_sent_at is null
        returning id`,
  );
  return rows.length > 0;
}

export interface RecordCheckInManyInput {
  checkinAttendanceId: string;
  /** a query answering one `person_id` column: the people to check in (duplicates allowed) */
  people: SQL;
  channel: TCheckInChannel;
  checkedInByUserId?: string | null;
  /**
   * true also checks in again people who were checked out (a chosen list); false leaves them
   * checked out ('everyone' means everyone not yet present)
   */
  reopenCheckedOut: boolean;
}

/**
 * recordCheckIn in set form (one statement; 'Checkin all' of the marking page): every person of
 * `people` is made present at the set-up with recordCheckIn's rule (one record per person, the
 * first arrival kept, a check-out cleared). People already present and not checked out (and,
 * without `reopenCheckedOut`, people checked out) are left as they are. Runs in the church's
 * transaction. Answers how many people this call made present.
 * @throws database errors (foreign keys: a person or set-up of another church does not exist)
 */
export async function recordCheckInMany(tx: Tx, tenantId: string, input: RecordCheckInManyInput): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into attendance_records as r (
          tenant_id, checkin_attendance_id, person_id, checked_in_at, check_in_channel, checked_in_by_user_id
        )
        select distinct ${tenantId}::uuid, ${input.checkinAttendanceId}::uuid, t.person_id, now(), ${input.channel}::int,
               ${input.checkedInByUserId ?? null}::uuid
          from (${input.people}) t
         order by t.person_id
        on conflict (tenant_id, checkin_attendance_id, person_id) do update set ${onConflict(true)}
         where r.checked_in_at is null or (${input.reopenCheckedOut}::boolean and r.checked_out_at is not null)
        returning r.id`,
  );
  return rows.length;
}
