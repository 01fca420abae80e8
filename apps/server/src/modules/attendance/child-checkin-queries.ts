import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/*
 * The SQL of child check-in at the door (issue 11; child-checkin-service.ts and
 * child-checkin-checkout.ts hold the rules). Every statement filters by tenant_id as well as
 * running under row-level security (DESIGN.md §1.4).
 */

/** A timestamp as the driver gives it (Date from pg and PGlite, text inside json) → ISO text. */
export function isoTime(v: Date | string | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return (v instanceof Date ? v : new Date(v)).toISOString();
}

/** Today's date in UTC: the service date security codes are issued for (security-codes.ts). */
export const UTC_TODAY = sql`(now() at time zone 'UTC')::date`;

export interface SetupRow {
  id: string;
  activity_id: string;
  event_name: string;
  event_date: string;
  check_in_cut_off_time: Date | string | null;
  deleted: boolean;
  rooms: { id: string; name: string }[] | null;
}

const setupColumns = sql`ca.id, ca.activity_id, a.name as event_name, a.activity_date::text as event_date,
  ca.check_in_cut_off_time, ca.deleted_at is not null as deleted,
  (select json_agg(json_build_object('id', g.id, 'name', g.name) order by lower(g.name), g.id)
     from checkin_attendance_groups cg
     join groups g on g.tenant_id = cg.tenant_id and g.id = cg.group_id
    where cg.tenant_id = ca.tenant_id and cg.checkin_attendance_id = ca.id) as rooms`;

/**
 * Open set-ups (not deleted, check-in cut-off unset or still ahead), those on `date` first, then
 * by distance from it, at most 50.
 */
export function openSetups(tx: Tx, tenantId: string, date: SQL): Promise<SetupRow[]> {
  return queryRows<SetupRow>(
    tx,
    sql`select ${setupColumns}
        from checkin_attendances ca
        join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
        where ca.tenant_id = ${tenantId} and ca.deleted_at is null
          and (ca.check_in_cut_off_time is null or ca.check_in_cut_off_time > now())
        order by (a.activity_date = ${date}) desc, abs(a.activity_date - ${date}), a.activity_date desc,
          lower(a.name), ca.id
        limit 50`,
  );
}

/** One set-up of the church with its event and rooms (deleted ones too: `deleted`), or undefined. */
export async function setupById(tx: Tx, tenantId: string, id: string): Promise<SetupRow | undefined> {
  const [row] = await queryRows<SetupRow>(
    tx,
    sql`select ${setupColumns}
        from checkin_attendances ca
        join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
        where ca.tenant_id = ${tenantId} and ca.id = ${id}`,
  );
  return row;
}

export interface MemberRow {
  family_id: string;
  family_name: string;
  home_phone: string | null;
  person_id: string;
  role: number;
  first_name: string;
  last_name: string;
  mobile_phone: string | null;
  email: string | null;
  picture_url: string | null;
  care_notes: string | null;
  record_id: string | null;
  child_checkin_id: string | null;
  group_id: string | null;
  room_name: string | null;
  checked_in_at: Date | string | null;
  checked_out_at: Date | string | null;
}

/**
 * The members of `families` (ids of `hits`, a statement answering `id`): family_members rows, and
 * the family's father_id / mother_id as roles 1 / 2 when they are not members too. With `setupId`
 * each member's attendance record at that set-up (room name included).
 */
function familyMembers(tenantId: string, hits: SQL, setupId: string | null): SQL {
  return sql`select f.id as family_id, f.family_name, f.home_phone, m.person_id, m.role,
          p.first_name, p.last_name, p.mobile_phone, p.email, p.picture_url, p.care_notes,
          r.id as record_id, r.child_checkin_id, r.group_id, g.name as room_name,
          r.checked_in_at, r.checked_out_at
        from (${hits}) h
        join families f on f.tenant_id = ${tenantId} and f.id = h.id
        join lateral (
          select fm.person_id, fm.family_role as role
            from family_members fm where fm.tenant_id = f.tenant_id and fm.family_id = f.id
          union all
          select v.person_id, v.role from (values (f.father_id, 1), (f.mother_id, 2)) v(person_id, role)
           where v.person_id is not null and not exists (
             select 1 from family_members x
              where x.tenant_id = f.tenant_id and x.family_id = f.id and x.person_id = v.person_id)
        ) m on true
        join people p on p.tenant_id = f.tenant_id and p.id = m.person_id
        left join attendance_records r on r.tenant_id = f.tenant_id and r.person_id = m.person_id
          and r.checkin_attendance_id = ${setupId}
        left join groups g on g.tenant_id = r.tenant_id and g.id = r.group_id
        order by lower(f.family_name), f.id`;
}

/**
 * Families with a member (or father / mother) whose phone key (people.mobile_phone_key: the last
 * 10 digits) is `phoneKey`, at most 20, with their members.
 */
export function familiesByPhone(
  tx: Tx,
  tenantId: string,
  phoneKey: string,
  setupId: string | null,
): Promise<MemberRow[]> {
  const hits = sql`with p as (
      select id from people where tenant_id = ${tenantId} and mobile_phone_key = ${phoneKey} limit 50
    )
    select id from (
      select fm.family_id as id from family_members fm join p on p.id = fm.person_id where fm.tenant_id = ${tenantId}
      union
      select f.id from families f join p on p.id = f.father_id or p.id = f.mother_id where f.tenant_id = ${tenantId}
    ) u limit 20`;
  return queryRows<MemberRow>(tx, familyMembers(tenantId, hits, setupId));
}

/**
 * Families whose name contains `text`, or with a member whose first or last name starts with it
 * (case-insensitive), at most 20, with their members.
 */
export function familiesByName(tx: Tx, tenantId: string, text: string, setupId: string | null): Promise<MemberRow[]> {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const contains = `%${escaped}%`;
  const prefix = `${escaped}%`;
  const hits = sql`select id from (
      select f.id from families f where f.tenant_id = ${tenantId} and f.family_name ilike ${contains}
      union
      select fm.family_id from family_members fm
        join people p on p.tenant_id = fm.tenant_id and p.id = fm.person_id
       where fm.tenant_id = ${tenantId} and (p.first_name ilike ${prefix} or p.last_name ilike ${prefix})
    ) u limit 20`;
  return queryRows<MemberRow>(tx, familyMembers(tenantId, hits, setupId));
}

/** One family of the church with its members (no attendance), or [] when it is not the church's. */
export function familyById(tx: Tx, tenantId: string, familyId: string, setupId: string | null): Promise<MemberRow[]> {
  return queryRows<MemberRow>(
    tx,
    familyMembers(tenantId, sql`select id from families where tenant_id = ${tenantId} and id = ${familyId}`, setupId),
  );
}

/** Whether the family exists in the church (a family with no members has no member rows). */
export async function familyExists(tx: Tx, tenantId: string, familyId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from families where tenant_id = ${tenantId} and id = ${familyId}`,
  );
  return rows.length > 0;
}

export interface CheckinHeadRow {
  id: string;
  security_code: string;
  created_at: Date | string;
  family_id: string | null;
  checkin_attendance_id: string;
  church_name: string;
  logo_url: string | null;
  event_name: string;
  event_date: string;
  family_name: string | null;
  home_phone: string | null;
  by_id: string | null;
  by_first: string | null;
  by_last: string | null;
  by_phone: string | null;
}

/** A child check-in with its church, event, family and who brought the children, or undefined. */
export async function checkinHead(
  tx: Tx,
  tenantId: string,
  childCheckinId: string,
): Promise<CheckinHeadRow | undefined> {
  const [row] = await queryRows<CheckinHeadRow>(
    tx,
    sql`select cc.id, cc.security_code, cc.created_at, cc.family_id, cc.checkin_attendance_id,
          t.church_name, t.logo_url, a.name as event_name, a.activity_date::text as event_date,
          f.family_name, f.home_phone,
          bp.id as by_id, bp.first_name as by_first, bp.last_name as by_last, bp.mobile_phone as by_phone
        from child_checkins cc
        join tenants t on t.id = cc.tenant_id
        join checkin_attendances ca on ca.tenant_id = cc.tenant_id and ca.id = cc.checkin_attendance_id
        join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
        left join families f on f.tenant_id = cc.tenant_id and f.id = cc.family_id
        left join people bp on bp.tenant_id = cc.tenant_id and bp.id = cc.checked_in_by_person_id
        where cc.tenant_id = ${tenantId} and cc.id = ${childCheckinId}`,
  );
  return row;
}

export interface CheckinChildRow {
  id: string;
  person_id: string;
  first_name: string;
  last_name: string;
  picture_url: string | null;
  care_notes: string | null;
  group_id: string | null;
  room: string | null;
  checked_in_at: Date | string | null;
  checked_out_at: Date | string | null;
  checked_in_by_person_id: string | null;
}

/** The attendance records of a child check-in (its children), by first and last name. */
export function checkinChildren(tx: Tx, tenantId: string, childCheckinId: string): Promise<CheckinChildRow[]> {
  return queryRows<CheckinChildRow>(
    tx,
    sql`select r.id, r.person_id, p.first_name, p.last_name, p.picture_url, p.care_notes, r.group_id,
          g.name as room, r.checked_in_at, r.checked_out_at, r.checked_in_by_person_id
        from attendance_records r
        join people p on p.tenant_id = r.tenant_id and p.id = r.person_id
        left join groups g on g.tenant_id = r.tenant_id and g.id = r.group_id
        where r.tenant_id = ${tenantId} and r.child_checkin_id = ${childCheckinId}
        order by lower(p.first_name), lower(p.last_name), r.id`,
  );
}

/**
 * The newest child check-in with security code `code`: of set-up `setupId`, else of a set-up of
 * event `activityId`, else one issued for yesterday, today or tomorrow (UTC), so a check-in made
 * just before midnight UTC is still found after it. Answers its id or undefined.
 */
export async function findCheckinByCode(
  tx: Tx,
  tenantId: string,
  code: string,
  scope: { setupId?: string | null; activityId?: string | null },
): Promise<string | undefined> {
  const where = scope.setupId
    ? sql`cc.checkin_attendance_id = ${scope.setupId}`
    : scope.activityId
      ? sql`exists (select 1 from checkin_attendances ca where ca.tenant_id = cc.tenant_id
               and ca.id = cc.checkin_attendance_id and ca.activity_id = ${scope.activityId})`
      : sql`cc.service_date between ${UTC_TODAY} - 1 and ${UTC_TODAY} + 1`;
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select cc.id from child_checkins cc
        where cc.tenant_id = ${tenantId} and cc.security_code = ${code} and ${where}
        order by cc.created_at desc, cc.id limit 1`,
  );
  return row?.id;
}

/**
 * Records check-out attempts: one row per attendance record (or one with no record when the code
 * matched nothing), with the code as entered (at most 20 characters) and the user.
 */
export async function recordAttempts(
  tx: Tx,
  tenantId: string,
  attempt: { recordIds: (string | null)[]; code: string; succeeded: boolean; userId: string | null },
): Promise<void> {
  const code = attempt.code.slice(0, 20);
  const rows = attempt.recordIds.map(
    (id) => sql`(${tenantId}, ${id}::uuid, ${code}, ${attempt.succeeded}, ${attempt.userId}::uuid)`,
  );
  await tx.execute(
    sql`insert into checkout_attempts (tenant_id, attendance_record_id, code_entered, succeeded, user_id)
        values ${sql.join(rows, sql`, `)}`,
  );
}
