import { sql } from 'drizzle-orm';
import {
  CHILD_FAMILY_ROLES,
  GUARDIAN_FAMILY_ROLES,
  type TChildCheckinEvent,
  type TChildCheckinFamily,
  type TChildCheckinLabels,
  type TChildCheckinMember,
  type TChildCheckinRequest,
} from '@steward/contracts/child-checkin';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { FAMILY_ROLES } from '../lookups/people-lookups.ts';
import { checkinLabels } from './child-checkin-labels.ts';
import {
  familiesByName,
  familiesByPhone,
  familyById,
  isoTime,
  openSetups,
  setupById,
  type MemberRow,
  type SetupRow,
} from './child-checkin-queries.ts';
import { CHECK_IN_CHANNEL, recordCheckIn } from './records.ts';
import { issueSecurityCode } from './security-codes.ts';

/*
 * Child check-in at the door (issue 11 'Child check-in, for real'): a volunteer or a kiosk finds a
 * family by phone, ticks the children present, gives each a room and confirms; one transaction
 * issues the security code and records each child's attendance; the answer is the labels.
 * Check-out by code is in child-checkin-checkout.ts.
 */

const isChildRole = (role: number) => (CHILD_FAMILY_ROLES as readonly number[]).includes(role);
const isGuardianRole = (role: number) => (GUARDIAN_FAMILY_ROLES as readonly number[]).includes(role);
const roleName = (role: number) => FAMILY_ROLES.find((r) => r.id === role)?.name ?? 'Member';

function toEvent(r: SetupRow, date: string): TChildCheckinEvent {
  return {
    checkInAttendanceId: r.id,
    activityId: r.activity_id,
    eventName: r.event_name,
    eventDate: r.event_date,
    checkInCutOffTime: isoTime(r.check_in_cut_off_time),
    isToday: r.event_date === date,
    rooms: r.rooms ?? [],
  };
}

/**
 * GET /api/ChildCheckin/events?date=: the church's open check-in set-ups (not deleted, check-in
 * cut-off unset or ahead) with their rooms (groups), those on `date` ('YYYY-MM-DD', the kiosk's
 * own date; default today in UTC) first, then the nearest dates; at most 50.
 */
export async function listEvents(ctx: TenantCtx, date: string | undefined): Promise<TChildCheckinEvent[]> {
  const day = date ?? new Date().toISOString().slice(0, 10);
  const rows = await openSetups(ctx.tx, ctx.tenantId, sql`${day}::date`);
  return rows.map((r) => toEvent(r, day));
}

/** Member rows (one per family member) grouped into families, members in check-in order. */
function toFamilies(rows: MemberRow[]): TChildCheckinFamily[] {
  const families = new Map<string, TChildCheckinFamily>();
  for (const r of rows) {
    let family = families.get(r.family_id);
    if (!family) {
      family = { familyId: r.family_id, familyName: r.family_name, homePhone: r.home_phone, members: [] };
      families.set(r.family_id, family);
    }
    const member: TChildCheckinMember = {
      personId: r.person_id,
      firstName: r.first_name,
      lastName: r.last_name,
      familyRoleId: r.role,
      familyRole: roleName(r.role),
      isChild: isChildRole(r.role),
      isGuardian: isGuardianRole(r.role),
      mobilePhone: r.mobile_phone,
      pictureUrl: r.picture_url,
      careNotes: r.care_notes,
      status: r.record_id
        ? {
            attendanceRecordId: r.record_id,
            childCheckinId: r.child_checkin_id,
            roomId: r.group_id,
            roomName: r.room_name,
            checkedInAt: isoTime(r.checked_in_at),
            checkedOutAt: isoTime(r.checked_out_at),
          }
        : null,
    };
    family.members.push(member);
  }
  // guardians (father, mother, guardian), then other adults, then the children; by first name
  const rank = (m: TChildCheckinMember) => (m.isGuardian ? 0 : m.isChild ? 2 : 1);
  for (const f of families.values())
    f.members.sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (a.isGuardian ? a.familyRoleId - b.familyRoleId : 0) ||
        a.firstName.localeCompare(b.firstName) ||
        a.personId.localeCompare(b.personId),
    );
  return [...families.values()];
}

/**
 * Loads a set-up of the church for check-in.
 * @throws 404 'Check-in was not found' (unknown, another church's, or deleted)
 */
async function requireSetup(ctx: TenantCtx, id: string): Promise<SetupRow> {
  const setup = await setupById(ctx.tx, ctx.tenantId, id);
  if (!setup || setup.deleted) throw notFound('Check-in');
  return setup;
}

/**
 * GET /api/ChildCheckin/families?search=&checkInAttendanceId=: families to check in. A search
 * with a letter is a name (the family's name contains it, or a member's first or last name starts
 * with it); otherwise a phone number of 7 or more digits, matched on its last 10 digits against
 * people.mobile_phone_key (index people_phone_key_idx) of any member or the family's father or
 * mother. At most 20 families, each with all its members and, with `checkInAttendanceId`, each
 * member's attendance at that set-up.
 * @throws 400 naming `search` (too few digits); 404 for a set-up that is not the church's
 */
export async function findFamilies(
  ctx: TenantCtx,
  query: { search: string; checkInAttendanceId?: string | null },
): Promise<TChildCheckinFamily[]> {
  const setupId = query.checkInAttendanceId ?? null;
  if (setupId) await requireSetup(ctx, setupId);
  const text = query.search.trim();
  if (/\p{L}/u.test(text)) return toFamilies(await familiesByName(ctx.tx, ctx.tenantId, text, setupId));
  const digits = text.replace(/\D/g, '');
  if (digits.length < 7) throw badRequest('search', 'Enter at least 7 digits of the phone number, or a family name');
  return toFamilies(await familiesByPhone(ctx.tx, ctx.tenantId, digits.slice(-10), setupId));
}

/** "Ada Obi", "Ada Obi and Tobi Obi", "Ada Obi, Tobi Obi and Kemi Obi". */
export function namesList(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * POST /api/ChildCheckin/checkin: checks the ticked children of a family in to a set-up, in one
 * transaction: ONE child_checkins row with a new security code (issueSecurityCode: unique per
 * church per day by index), and an attendance record per child through recordCheckIn (channel
 * childDoor, the room as group_id, the check-in, the adult who brought them, the signed-in user).
 * Care notes given with a child replace the child's (printed on the label). Answers the labels.
 *
 * Concurrent check-ins of the same child at the same set-up (two kiosks) are serialised by a
 * transaction-scoped advisory lock per set-up and child, so the second one sees the first and is
 * refused: a child is never checked in twice, nor under two codes.
 * @throws 404 set-up (unknown, another church's or deleted) or family not the church's
 * @throws 400 check-in closed (cut-off passed), a child twice or not a child of the family, a room
 *   not of the set-up, the adult not of the family, a child already checked in to the set-up
 */
export async function checkInFamily(ctx: TenantCtx, input: TChildCheckinRequest): Promise<TChildCheckinLabels> {
  const setup = await requireSetup(ctx, input.checkInAttendanceId);
  const cutOff = setup.check_in_cut_off_time ? new Date(setup.check_in_cut_off_time) : null;
  if (cutOff && cutOff.getTime() <= Date.now())
    throw badRequest('checkInAttendanceId', 'Check-in for this event has closed');
  const members = await familyById(ctx.tx, ctx.tenantId, input.familyId, setup.id);
  if (members.length === 0) throw notFound('Family');
  const byPerson = new Map(members.map((m) => [m.person_id, m]));
  const rooms = new Set((setup.rooms ?? []).map((r) => r.id));

  const seen = new Set<string>();
  input.children.forEach((child, i) => {
    if (seen.has(child.personId)) throw badRequest(`children.${i}.personId`, 'lists this child twice');
    seen.add(child.personId);
    const member = byPerson.get(child.personId);
    if (!member || !isChildRole(member.role))
      throw badRequest(`children.${i}.personId`, 'is not a child (son, daughter or ward) of this family');
    if (!rooms.has(child.groupId)) throw badRequest(`children.${i}.groupId`, 'is not a room (group) of this check-in');
  });
  const broughtBy = input.checkedInByPersonId ?? null;
  if (broughtBy) {
    const adult = byPerson.get(broughtBy);
    if (!adult || isChildRole(adult.role)) throw badRequest('checkedInByPersonId', 'is not an adult of this family');
  }

  // one lock per set-up and child, taken in a fixed order (no deadlock between two kiosks)
  const keys = [...seen].sort();
  for (const personId of keys)
    await ctx.tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('steward.child-checkin'), hashtext(${`${setup.id}:${personId}`}))`,
    );
  const present = (await familyById(ctx.tx, ctx.tenantId, input.familyId, setup.id)).filter(
    (m) => seen.has(m.person_id) && m.checked_in_at !== null && m.checked_out_at === null,
  );
  if (present.length > 0) {
    const names = namesList(present.map((m) => `${m.first_name} ${m.last_name}`.trim()));
    throw new AppError(
      400,
      `${names} ${present.length === 1 ? 'is' : 'are'} already checked in to this event: reprint the labels, or check out first`,
      'children',
    );
  }

  const notes = input.children.filter((c) => c.careNotes !== undefined);
  if (notes.length > 0) {
    const values = notes.map((c) => sql`(${c.personId}::uuid, ${c.careNotes ? c.careNotes : null}::text)`);
    await ctx.tx.execute(
      sql`update people p set care_notes = v.notes
          from (values ${sql.join(values, sql`, `)}) v(id, notes)
          where p.tenant_id = ${ctx.tenantId} and p.id = v.id`,
    );
  }

  const { childCheckinId } = await issueSecurityCode(ctx.tx, ctx.tenantId, {
    checkinAttendanceId: setup.id,
    familyId: input.familyId,
    checkedInByPersonId: broughtBy,
    createdByUserId: ctx.userId,
  });
  for (const child of input.children)
    await recordCheckIn(ctx.tx, ctx.tenantId, {
      checkinAttendanceId: setup.id,
      personId: child.personId,
      channel: CHECK_IN_CHANNEL.childDoor,
      groupId: child.groupId,
      childCheckinId,
      checkedInByPersonId: broughtBy,
      checkedInByUserId: ctx.userId,
    });
  return checkinLabels(ctx, childCheckinId);
}
