import { sql } from 'drizzle-orm';
import {
  type TCheckinEventGroup,
  type TRegisterChildrenRequest,
  type TUpcomingCheckinEvent,
} from '@steward/contracts/families';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { notFoundAt } from '../people/family-membership.ts';
import { familiesOfPeople, familyRow } from '../people/family-queries.ts';
import type { FamilyScope } from '../people/family-service.ts';
import { CHECK_IN_CHANNEL, recordCheckIn } from './records.ts';
import { issueSecurityCode } from './security-codes.ts';
import { churchTimeZone } from './setup-form.ts';
import { churchOf } from './setup-queries.ts';

/*
 * The check-in shell's event calls (spec 2.16, existing-client-api §4.4; issue 11): the events a
 * parent can pre-check children in for, their groups (rooms), the family's attendance counts, and
 * the pre-check-in itself (RegisterChildren). "Today" is the date in the church's time zone
 * (churchToday). Ids from the request are lower-cased first: they are compared with the
 * database's (lower-case) ids as text.
 */

/**
 * The church's time zone: the only zone of its country, else UTC (as a check-in set-up's
 * cut-off times default, attendance/setup-form.ts churchTimeZone).
 */
export async function churchZone(ctx: TenantCtx): Promise<string> {
  return churchTimeZone((await churchOf(ctx.tx, ctx.tenantId)).countryCode, undefined);
}

/** SQL for today's date in the church's time zone (churchZone). */
async function churchToday(ctx: TenantCtx) {
  return sql`(now() at time zone ${await churchZone(ctx)})::date`;
}
const uuidArray = (ids: string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;

/** How many upcoming events the shell lists at most. */
export const UPCOMING_EVENTS_MAX = 100;

/**
 * GET /api/CheckInAttendance/upcomingCheckinEvents (§4.4): events from today on that have a
 * check-in set-up (not deleted) with at least one group to check children into, soonest first;
 * one row per event (its first set-up's banner). Bare list.
 */
export async function upcomingCheckinEvents(ctx: TenantCtx): Promise<TUpcomingCheckinEvent[]> {
  const today = await churchToday(ctx);
  const rows = await queryRows<{
    activity_id: string;
    name: string;
    date: string;
    banner_url: string | null;
    setup_id: string;
  }>(
    ctx.tx,
    sql`select distinct on (a.activity_date, a.id)
               a.id as activity_id, a.name, to_char(a.activity_date, 'YYYY-MM-DD') as date,
               ca.banner_url, ca.id as setup_id
          from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
         where ca.tenant_id = ${ctx.tenantId} and ca.deleted_at is null and a.activity_date >= ${today}
           and exists (select 1 from checkin_attendance_groups g
                        where g.tenant_id = ca.tenant_id and g.checkin_attendance_id = ca.id)
         order by a.activity_date, a.id, ca.created_at, ca.id
         limit ${UPCOMING_EVENTS_MAX}`,
  );
  return rows.map((r) => ({
    activityID: r.activity_id,
    name: r.name,
    date: r.date,
    eventBanner: r.banner_url,
    checkInAttendanceId: r.setup_id,
  }));
}

/** The people of family `familyId` (member rows, and the father and mother). */
function familyPeople(tenantId: string, familyId: string) {
  return sql`select person_id from family_members where tenant_id = ${tenantId} and family_id = ${familyId}
             union select father_id from families where tenant_id = ${tenantId} and id = ${familyId} and father_id is not null
             union select mother_id from families where tenant_id = ${tenantId} and id = ${familyId} and mother_id is not null`;
}

/**
 * GET /api/CheckInAttendance/checkinevents?activityId= (§4.4): each group (room) of each live
 * check-in set-up of the event, with the people recorded in it (`isActive`: not checked out); with
 * `scope`, only the parent's family's people. Throws 404 for an event of no church's.
 */
export async function checkinEvents(
  ctx: TenantCtx,
  activityId: string,
  scope?: FamilyScope,
): Promise<TCheckinEventGroup[]> {
  const t = ctx.tenantId;
  activityId = activityId.toLowerCase();
  const [event] = await queryRows<{ id: string }>(
    ctx.tx,
    sql`select id from activities where tenant_id = ${t} and id = ${activityId}`,
  );
  if (!event) throw notFound('Event');
  const groups = await queryRows<{ setup_id: string; group_id: string; group_name: string }>(
    ctx.tx,
    sql`select ca.id as setup_id, g.id as group_id, g.name as group_name
          from checkin_attendances ca
          join checkin_attendance_groups cag on cag.tenant_id = ca.tenant_id and cag.checkin_attendance_id = ca.id
          join groups g on g.tenant_id = cag.tenant_id and g.id = cag.group_id
         where ca.tenant_id = ${t} and ca.activity_id = ${activityId} and ca.deleted_at is null
         order by ca.created_at, ca.id, lower(g.name), g.id`,
  );
  const onlyFamily = scope ? (scope.familyId ? familyPeople(t, scope.familyId) : null) : undefined;
  const people =
    groups.length === 0 || onlyFamily === null
      ? []
      : await queryRows<{ setup_id: string; group_id: string; person_id: string; is_active: boolean }>(
          ctx.tx,
          sql`select r.checkin_attendance_id as setup_id, r.group_id, r.person_id, r.checked_out_at is null as is_active
                from attendance_records r
               where r.tenant_id = ${t} and r.group_id is not null
                 and r.checkin_attendance_id = any(${uuidArray([...new Set(groups.map((g) => g.setup_id))])})
                 ${onlyFamily ? sql`and r.person_id in (${onlyFamily})` : sql``}
               order by r.created_at, r.id`,
        );
  return groups.map((g) => ({
    id: g.setup_id,
    groupID: g.group_id,
    fullGroupName: g.group_name,
    personsinAttendance: people
      .filter((p) => p.setup_id === g.setup_id && p.group_id === g.group_id)
      .map((p) => ({ id: p.person_id, isActive: p.is_active })),
  }));
}

/**
 * GET /api/CheckInAttendance/FamilyAttendanceRecord?familyId= (§4.4): over the live check-in
 * set-ups where a member of the family has an attendance record or a registration (not
 * cancelled): how many (`allRegisteredEvents`), how many a member was present at
 * (`allAttendedEvents`), and how many are past with nobody present (`totalAbsent`). Counted in
 * one SQL statement. Throws 404 for a family of no church's (or outside `scope`).
 */
export async function familyAttendanceRecord(ctx: TenantCtx, familyId: string, scope?: FamilyScope) {
  const t = ctx.tenantId;
  familyId = familyId.toLowerCase();
  const today = await churchToday(ctx);
  if ((scope && scope.familyId !== familyId) || !(await familyRow(ctx.tx, t, familyId))) throw notFound('Family');
  const [row] = await queryRows<{ registered: number; attended: number; absent: number }>(
    ctx.tx,
    sql`with members as (${familyPeople(t, familyId)}),
        seen as (
          select r.checkin_attendance_id as setup_id, (r.checked_in_at is not null) as present
            from attendance_records r join members m on m.person_id = r.person_id
           where r.tenant_id = ${t}
          union all
          select e.checkin_attendance_id, false
            from event_registrations e join members m on m.person_id = e.person_id
           where e.tenant_id = ${t} and e.status = 'registered'
        ),
        per_setup as (select setup_id, bool_or(present) as present from seen group by setup_id)
        select count(*)::int as registered,
               count(*) filter (where p.present)::int as attended,
               count(*) filter (where not p.present and a.activity_date < ${today})::int as absent
          from per_setup p
          join checkin_attendances ca on ca.tenant_id = ${t} and ca.id = p.setup_id and ca.deleted_at is null
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id`,
  );
  return {
    allRegisteredEvents: Number(row?.registered ?? 0),
    totalAbsent: Number(row?.absent ?? 0),
    allAttendedEvents: Number(row?.attended ?? 0),
  };
}

interface SetupRow {
  id: string;
  activity_id: string;
  service_date: string;
  past: boolean;
  closed: boolean;
}

/** The set-up the children are registered for (all items name the same one), validated. */
async function setupFor(ctx: TenantCtx, items: TRegisterChildrenRequest): Promise<SetupRow> {
  const setupId = items[0]!.checkInAttendanceId;
  items.forEach((it, i) => {
    if (it.checkInAttendanceId !== setupId)
      throw badRequest(`${i}.checkInAttendanceId`, 'register children for one check-in at a time');
  });
  const today = await churchToday(ctx);
  const [setup] = await queryRows<SetupRow>(
    ctx.tx,
    sql`select ca.id, ca.activity_id, to_char(a.activity_date, 'YYYY-MM-DD') as service_date,
               a.activity_date < ${today} as past,
               coalesce(ca.registration_cut_off_time < now(), false) as closed
          from checkin_attendances ca
          join activities a on a.tenant_id = ca.tenant_id and a.id = ca.activity_id
         where ca.tenant_id = ${ctx.tenantId} and ca.id = ${setupId} and ca.deleted_at is null`,
  );
  if (!setup) throw notFoundAt('0.checkInAttendanceId', 'Check-in');
  items.forEach((it, i) => {
    if (it.activityId !== setup.activity_id) throw badRequest(`${i}.activityId`, 'is not the event of this check-in');
  });
  if (setup.past) throw badRequest('0.checkInAttendanceId', 'This event is over');
  if (setup.closed) throw badRequest('0.checkInAttendanceId', 'Registration for this event has closed');
  return setup;
}

/** Throws unless every item's group is a group (room) of the set-up: 404 for no group of the church, else 400. */
async function checkGroups(ctx: TenantCtx, setupId: string, items: TRegisterChildrenRequest): Promise<void> {
  const ids = [...new Set(items.map((it) => it.groupId))];
  const rows = await queryRows<{ id: string; in_setup: boolean }>(
    ctx.tx,
    sql`select g.id, exists (select 1 from checkin_attendance_groups cag
                             where cag.tenant_id = g.tenant_id and cag.checkin_attendance_id = ${setupId}
                               and cag.group_id = g.id) as in_setup
          from groups g where g.tenant_id = ${ctx.tenantId} and g.id = any(${uuidArray(ids)})`,
  );
  const found = new Map(rows.map((r) => [r.id, r.in_setup]));
  items.forEach((it, i) => {
    const inSetup = found.get(it.groupId);
    if (inSetup === undefined) throw notFoundAt(`${i}.groupId`, 'Group');
    if (!inSetup) throw badRequest(`${i}.groupId`, 'is not a group (room) of this check-in');
  });
}

/**
 * The family of the children (all in the same one, or all in none) and who brings them:
 * `checkInBy` when given (a person of that family), else the signed-in parent, else the father,
 * else the mother. Throws 404 naming the field for a person the church does not have (or, with
 * `scope`, a child outside the parent's family); 400 for children of different families.
 */
async function familyAndBringer(
  ctx: TenantCtx,
  items: TRegisterChildrenRequest,
  scope?: FamilyScope,
): Promise<{ familyId: string | null; bringer: string | null }> {
  const t = ctx.tenantId;
  const given = items.find((it) => it.checkInBy)?.checkInBy ?? null;
  const ids = [...new Set([...items.map((it) => it.personId), ...(given ? [given] : [])])];
  const found = new Set(
    (
      await queryRows<{ id: string }>(
        ctx.tx,
        sql`select id from people where tenant_id = ${t} and id = any(${uuidArray(ids)})`,
      )
    ).map((r) => r.id),
  );
  const seen = new Set<string>();
  items.forEach((it, i) => {
    if (!found.has(it.personId)) throw notFoundAt(`${i}.personId`, 'Person');
    if (seen.has(it.personId)) throw badRequest(`${i}.personId`, 'is listed more than once');
    seen.add(it.personId);
  });
  const familyOf = await familiesOfPeople(ctx.tx, t, ids);
  const familyId = familyOf.get(items[0]!.personId) ?? null;
  items.forEach((it, i) => {
    const f = familyOf.get(it.personId) ?? null;
    if (scope && (!scope.familyId || f !== scope.familyId)) throw notFoundAt(`${i}.personId`, 'Family member');
    if (f !== familyId) throw badRequest(`${i}.personId`, 'is not in the same family as the other children');
  });
  if (given) {
    const at = items.findIndex((it) => it.checkInBy === given);
    if (!found.has(given)) throw notFoundAt(`${at}.checkInBy`, 'Person');
    if (familyOf.get(given) !== familyId || !familyId)
      throw badRequest(`${at}.checkInBy`, 'is not a member of the children’s family');
    return { familyId, bringer: given };
  }
  if (scope) return { familyId, bringer: scope.personId };
  const f = familyId ? await familyRow(ctx.tx, t, familyId) : undefined;
  return { familyId, bringer: f?.father_id ?? f?.mother_id ?? null };
}

/** RegisterChildren's 400 when every child is already present, checked in at the church without a code. */
export const ALREADY_PRESENT =
  'These children are already checked in at the church; ask the check-in desk for their security code';

/**
 * POST /api/CheckInAttendance/RegisterChildren (§4.4): pre-checks the children in for the event
 * from the family portal. One child check-in (security code, unique per church on the event's
 * date) for the family and set-up: the family's latest one for that set-up and date is kept, so
 * registering again answers the same code. Each child gets one attendance record (recordCheckIn,
 * channel familyPortal, not yet present) in its room; a child already present at the door is left
 * as it is. Answers the code. Throws 404 naming the field for ids of no church's, 400 for an
 * event that is over (in the church's time zone) or closed for registration, a group not of the
 * set-up, children of different families, or (ALREADY_PRESENT, naming `0.personId`) children who
 * are all present already without a code (checked in by the church); nothing is written then.
 */
export async function registerChildren(
  ctx: TenantCtx,
  body: TRegisterChildrenRequest,
  scope?: FamilyScope,
): Promise<string> {
  const t = ctx.tenantId;
  const items = body.map((it) => ({
    ...it,
    personId: it.personId.toLowerCase(),
    activityId: it.activityId.toLowerCase(),
    checkInAttendanceId: it.checkInAttendanceId.toLowerCase(),
    groupId: it.groupId.toLowerCase(),
    checkInBy: it.checkInBy ? it.checkInBy.toLowerCase() : it.checkInBy,
  }));
  const setup = await setupFor(ctx, items);
  await checkGroups(ctx, setup.id, items);
  const { familyId, bringer } = await familyAndBringer(ctx, items, scope);
  const records = await queryRows<{ person_id: string; present: boolean; code: string | null }>(
    ctx.tx,
    sql`select r.person_id, (r.checked_in_at is not null and r.checked_out_at is null) as present, cc.security_code as code
          from attendance_records r
          left join child_checkins cc on cc.tenant_id = r.tenant_id and cc.id = r.child_checkin_id
         where r.tenant_id = ${t} and r.checkin_attendance_id = ${setup.id}
           and r.person_id = any(${uuidArray(items.map((it) => it.personId))})`,
  );
  const present = new Map(records.filter((r) => r.present).map((r) => [r.person_id, r.code]));
  const toRecord = items.filter((it) => !present.has(it.personId));
  if (toRecord.length === 0) {
    const code = [...present.values()].find((c) => c);
    if (!code) throw badRequest('0.personId', ALREADY_PRESENT);
    return code;
  }
  // one registration of a family at a time, so two at once share the family's code
  if (familyId) await familyRow(ctx.tx, t, familyId, true);
  const [kept] = familyId
    ? await queryRows<{ id: string; security_code: string }>(
        ctx.tx,
        sql`select id, security_code from child_checkins
             where tenant_id = ${t} and checkin_attendance_id = ${setup.id} and family_id = ${familyId}
               and service_date = ${setup.service_date}::date
             order by created_at desc, id desc limit 1`,
      )
    : [];
  const checkin = kept
    ? { childCheckinId: kept.id, securityCode: kept.security_code }
    : await issueSecurityCode(ctx.tx, t, {
        checkinAttendanceId: setup.id,
        familyId,
        checkedInByPersonId: bringer,
        createdByUserId: ctx.userId,
        serviceDate: setup.service_date,
      });
  for (const it of toRecord)
    await recordCheckIn(ctx.tx, t, {
      checkinAttendanceId: setup.id,
      personId: it.personId,
      channel: CHECK_IN_CHANNEL.familyPortal,
      present: false,
      groupId: it.groupId,
      childCheckinId: checkin.childCheckinId,
      checkedInByPersonId: bringer,
      checkedInByUserId: ctx.userId,
    });
  return checkin.securityCode;
}
