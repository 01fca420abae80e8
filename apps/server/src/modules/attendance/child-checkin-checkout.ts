import { sql } from 'drizzle-orm';
import {
  GUARDIAN_FAMILY_ROLES,
  type TChildCheckinGuardian,
  type TChildCheckoutLookup,
  type TChildCheckoutRequest,
  type TChildCheckoutResponse,
  type TRetrievedFamily,
} from '@steward/contracts/child-checkin';
import { queryRows } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { FAMILY_ROLES } from '../lookups/people-lookups.ts';
import { toChildLabel, toLabelHead } from './child-checkin-labels.ts';
import {
  checkinChildren,
  checkinHead,
  familyById,
  familyExists,
  findCheckinByCode,
  isoTime,
  recordAttempts,
  setupById,
} from './child-checkin-queries.ts';
import { namesList } from './child-checkin-service.ts';
import { normalizeSecurityCode } from './security-codes.ts';

/*
 * Check-out by security code (issue 11: 'a child released only to the person holding the matching
 * code'). The code typed or scanned must match the child's check-in; every refusal for a wrong code
 * is recorded in checkout_attempts (succeeded false) and so is every release (succeeded true).
 * Because a refused attempt must stay recorded, these services answer a `refused` result instead
 * of throwing (a throw would roll the attempt back); the route answers it as a 400 after commit.
 */

/** A wrong code: the 400's message and field, answered once the attempt row is committed. */
export interface Refusal {
  refused: { field: string; message: string };
}

/** The message for a code that matches no check-in. */
export const NO_MATCH_MESSAGE =
  'That code does not match any child checked in today. Check the pickup label and try again.';

const isGuardianRole = (role: number) => (GUARDIAN_FAMILY_ROLES as readonly number[]).includes(role);
const roleName = (role: number) => FAMILY_ROLES.find((r) => r.id === role)?.name ?? 'Member';

/** A code as typed, normalised; a string that cannot be a code is a 400 naming `field` (nothing recorded). */
function codeOf(input: string, field: string): string {
  const code = normalizeSecurityCode(input);
  if (!code) throw badRequest(field, 'must be the 4 letters and digits printed on the label');
  return code;
}

/** The guardians (roles 1, 2, 6, and the family's father / mother) of a family, by role. */
async function guardiansOf(ctx: TenantCtx, familyId: string | null): Promise<TChildCheckinGuardian[]> {
  if (!familyId) return [];
  const members = await familyById(ctx.tx, ctx.tenantId, familyId, null);
  return members
    .filter((m) => isGuardianRole(m.role))
    .sort((a, b) => a.role - b.role || a.first_name.localeCompare(b.first_name))
    .map((m) => ({
      personId: m.person_id,
      name: `${m.first_name} ${m.last_name}`.trim(),
      familyRoleId: m.role,
      familyRole: roleName(m.role),
      mobilePhone: m.mobile_phone,
      pictureUrl: m.picture_url,
    }));
}

/**
 * POST /api/ChildCheckin/lookup: the child check-in whose security code is `code` (of set-up
 * `checkInAttendanceId` when given, else issued for today or yesterday, newest first), with its
 * children (checked out or not) and the family's guardians. A code that matches nothing is recorded
 * as a failed attempt and refused with NO_MATCH_MESSAGE.
 * @throws 400 naming `code` when it cannot be a code; 404 for a set-up not the church's
 */
export async function lookupByCode(
  ctx: TenantCtx,
  input: { code: string; checkInAttendanceId?: string | null },
): Promise<TChildCheckoutLookup | Refusal> {
  const code = codeOf(input.code, 'code');
  const setupId = input.checkInAttendanceId ?? null;
  if (setupId && !(await setupById(ctx.tx, ctx.tenantId, setupId))) throw notFound('Check-in');
  const id = await findCheckinByCode(ctx.tx, ctx.tenantId, code, { setupId });
  const head = id ? await checkinHead(ctx.tx, ctx.tenantId, id) : undefined;
  if (!head) {
    await recordAttempts(ctx.tx, ctx.tenantId, { recordIds: [null], code, succeeded: false, userId: ctx.userId });
    return { refused: { field: 'code', message: NO_MATCH_MESSAGE } };
  }
  const [children, guardians] = [
    await checkinChildren(ctx.tx, ctx.tenantId, head.id),
    await guardiansOf(ctx, head.family_id),
  ];
  return { ...toLabelHead(head), children: children.map(toChildLabel), guardians };
}

interface CheckoutRow {
  id: string;
  person_id: string;
  first_name: string;
  last_name: string;
  checked_in_at: Date | string | null;
  checked_out_at: Date | string | null;
  security_code: string | null;
  family_id: string | null;
}

/**
 * POST /api/ChildCheckin/checkout: releases the children (attendance records) whose check-in's
 * security code is `code`. All or nothing, under row locks (two volunteers releasing one child:
 * the second is told the child is already checked out):
 * - a record whose code differs (or that has no code): a failed attempt is recorded per record
 *   and the request refused 'That code does not match the check-in of …';
 * - then `checkedOutByPersonId` must be a guardian of the check-in's family (roles 1, 2, 6);
 * - a child already checked out, or not yet at the door, is refused with a clear message;
 * - else each record gets checked_out_at = now(), the user and the guardian, and a succeeded
 *   attempt. Answers the children released with the time (ISO).
 * @throws 400 naming `code` (not a code), `checkedOutByPersonId` or `attendanceRecordIds`;
 *   404 when a record is not the church's (nothing written)
 */
export async function checkOutByCode(
  ctx: TenantCtx,
  input: TChildCheckoutRequest,
): Promise<TChildCheckoutResponse['returnObject'] | Refusal> {
  const code = codeOf(input.code, 'code');
  const ids = [...new Set(input.attendanceRecordIds)];
  const rows = await queryRows<CheckoutRow>(
    ctx.tx,
    sql`select r.id, r.person_id, p.first_name, p.last_name, r.checked_in_at, r.checked_out_at,
          cc.security_code, cc.family_id
        from attendance_records r
        join people p on p.tenant_id = r.tenant_id and p.id = r.person_id
        left join child_checkins cc on cc.tenant_id = r.tenant_id and cc.id = r.child_checkin_id
        where r.tenant_id = ${ctx.tenantId} and r.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        order by r.id
        for update of r`,
  );
  if (rows.length !== ids.length) throw notFound('Attendance record');
  const name = (r: CheckoutRow) => `${r.first_name} ${r.last_name}`.trim();

  const wrong = rows.filter((r) => r.security_code !== code);
  if (wrong.length > 0) {
    await recordAttempts(ctx.tx, ctx.tenantId, { recordIds: ids, code, succeeded: false, userId: ctx.userId });
    return {
      refused: {
        field: 'code',
        message: `That code does not match the check-in of ${namesList(wrong.map(name))}. Check the pickup label and try again.`,
      },
    };
  }
  const pickedUpBy = input.checkedOutByPersonId ?? null;
  if (pickedUpBy) {
    const families = [...new Set(rows.map((r) => r.family_id).filter((f): f is string => f !== null))];
    const guardians = (await Promise.all(families.map((f) => guardiansOf(ctx, f)))).flat();
    if (!guardians.some((g) => g.personId === pickedUpBy))
      throw badRequest('checkedOutByPersonId', 'is not a guardian (father, mother or guardian) of this family');
  }
  const out = rows.filter((r) => r.checked_out_at !== null);
  if (out.length > 0)
    throw badRequest(
      'attendanceRecordIds',
      `${namesList(out.map(name))} ${out.length === 1 ? 'has' : 'have'} already been checked out`,
    );
  const notIn = rows.filter((r) => r.checked_in_at === null);
  if (notIn.length > 0)
    throw badRequest(
      'attendanceRecordIds',
      `${namesList(notIn.map(name))} ${notIn.length === 1 ? 'has' : 'have'} not been checked in at the door yet`,
    );

  const released = await queryRows<{ id: string; checked_out_at: Date | string }>(
    ctx.tx,
    sql`update attendance_records
        set checked_out_at = now(), checked_out_by_user_id = ${ctx.userId}, checked_out_by_person_id = ${pickedUpBy}
        where tenant_id = ${ctx.tenantId} and id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and checked_out_at is null
        returning id, checked_out_at`,
  );
  await recordAttempts(ctx.tx, ctx.tenantId, { recordIds: ids, code, succeeded: true, userId: ctx.userId });
  const at = new Map(released.map((r) => [r.id, isoTime(r.checked_out_at)!]));
  return {
    checkedOut: rows.map((r) => ({
      attendanceRecordId: r.id,
      personId: r.person_id,
      name: name(r),
      checkedOutAt: at.get(r.id)!,
    })),
  };
}

/** retrieveFamily's message when the code matches no check-in (returnObject null). */
export const RETRIEVE_NO_MATCH = 'That code does not match any child checked in for this event.';

/**
 * GET /api/CheckInAttendance/retrieveFamily?checkincode=&activityId= (existing-client-api §4.3):
 * the child check-in whose security code is `checkincode`, of a set-up of event `activityId`
 * (absent or the nil id: issued for today or yesterday), newest first. Answers `{family: {id,
 * homePhone}, checkInBy, registeredMember[], groupsInvolved[]}` (registeredMember: its attendance
 * records, pre-checked-in ones included; groupsInvolved: the set-up's groups), or null for a wrong
 * code (the client reads a falsy returnObject), which is recorded as a failed attempt unless empty.
 * @throws 404 when `activityId` is not an event of the church
 */
export async function retrieveFamily(
  ctx: TenantCtx,
  query: { checkincode: string; activityId?: string | null },
): Promise<TRetrievedFamily | null> {
  const activityId = query.activityId ?? null;
  if (activityId) {
    const found = await queryRows<{ one: number }>(
      ctx.tx,
      sql`select 1 as one from activities where tenant_id = ${ctx.tenantId} and id = ${activityId}`,
    );
    if (found.length === 0) throw notFound('Event');
  }
  const entered = query.checkincode.trim();
  const code = normalizeSecurityCode(entered);
  const id = code ? await findCheckinByCode(ctx.tx, ctx.tenantId, code, { activityId }) : undefined;
  const head = id ? await checkinHead(ctx.tx, ctx.tenantId, id) : undefined;
  if (!head) {
    if (entered)
      await recordAttempts(ctx.tx, ctx.tenantId, {
        recordIds: [null],
        code: entered,
        succeeded: false,
        userId: ctx.userId,
      });
    return null;
  }
  const children = await checkinChildren(ctx.tx, ctx.tenantId, head.id);
  const setup = await setupById(ctx.tx, ctx.tenantId, head.checkin_attendance_id);
  return {
    family: { id: head.family_id, homePhone: head.home_phone },
    checkInBy: head.by_id,
    registeredMember: children.map((c) => ({
      id: c.id,
      checkInAttendanceID: head.checkin_attendance_id,
      checkedInBy: c.checked_in_by_person_id,
      isCheckedIn: c.checked_in_at !== null,
      isCheckedOut: c.checked_out_at !== null,
      person: { id: c.person_id, firstName: c.first_name, lastName: c.last_name, pictureUrl: c.picture_url },
      groupID: c.group_id,
    })),
    groupsInvolved: (setup?.rooms ?? []).map((g) => ({ id: g.id, fullGroupName: g.name })),
  };
}

/**
 * GET /api/Family/familyGuidians?familyId= (existing-client-api §4.3): the family's guardians, who
 * may pick the children up: members of roles 1 Father, 2 Mother, 6 Guardian (and the family's
 * father / mother), as `{familyRoleID, person: {id, firstName, lastName, email, pictureUrl}}`.
 * @throws 404 'Family was not found' (unknown or another church's)
 */
export async function familyGuardians(ctx: TenantCtx, familyId: string) {
  if (!(await familyExists(ctx.tx, ctx.tenantId, familyId))) throw notFound('Family');
  const members = await familyById(ctx.tx, ctx.tenantId, familyId, null);
  return members
    .filter((m) => isGuardianRole(m.role))
    .sort((a, b) => a.role - b.role || a.first_name.localeCompare(b.first_name))
    .map((m) => ({
      familyRoleID: m.role,
      person: {
        id: m.person_id,
        firstName: m.first_name,
        lastName: m.last_name,
        email: m.email,
        pictureUrl: m.picture_url,
      },
    }));
}
