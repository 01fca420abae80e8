import type { z } from 'zod';
import { convertMinor } from '@steward/money/fx';
import { minorToNumber } from '@steward/money/parse';
import {
  ATTENDANCE_TYPES,
  CHECKED_IN_OPTIONS,
  CHECKOUT_MESSAGES,
  MARK_MESSAGES,
  type TAttendancePerson,
  type TAttendanceReport,
  type TPersonRegistration,
  type ZCheckOutRequest,
  type ZMarkAllRequest,
  type ZMarkAttendanceRequest,
  type ZUpdateCheckInAttendanceRequest,
} from '@steward/contracts/attendance-marking';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { latestRatesFor } from '../ledger/fx.ts';
import { createMember } from '../people/service.ts';
import { homeCurrency } from '../tenancy/service.ts';
import { validateCustomFieldValue } from '../settings/custom-field-values.ts';
import { CHECK_IN_CHANNEL, recordCheckIn } from './records.ts';
import * as q from './marking-queries.ts';
import * as w from './marking-writes.ts';

/*
 * The attendance report and marking page (issue 11 'Admin', third bullet; existing-client-api
 * §4.1 from 'AttendanceReport' on, §4.3 MarkAttendance / CheckOut). Every check-in goes through
 * recordCheckIn (records.ts); 'Checkin all' through recordCheckInMany, the same rule in set form
 * (marking-writes.ts markAllPresent). Marking by an administrator sends no check-in
 * message: those belong to a person's own check-in (the public page), not to a register taken
 * by the church.
 */

/** The set-up `id` of the church or 404 'Attendance' (also when deleted from the list). */
async function requireSetUp(ctx: TenantCtx, id: string, lock = false): Promise<q.SetUpRow> {
  const row = await q.findSetUp(ctx.tx, ctx.tenantId, id, lock);
  if (!row) throw notFound('Attendance');
  return row;
}

/** '*******1234': the last 4 digits of a phone, the rest starred; '' without digits. */
export function maskPhone(phone: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (!digits) return '';
  const shown = digits.slice(-4);
  return `${'*'.repeat(Math.max(3, digits.length - shown.length))}${shown}`;
}

function toPerson(r: q.RosterRow, setUpId: string): TAttendancePerson {
  const present = r.checked_in_at !== null;
  return {
    id: r.id,
    attendanceID: setUpId,
    personID: r.person_id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    address: r.home_address ?? '',
    phone: null,
    email: r.email ?? '',
    isPresent: present,
    isRegistered: r.is_registered,
    isCheckedOut: r.checked_out_at !== null,
    checkedinOption: present && r.check_in_channel !== null ? (CHECKED_IN_OPTIONS[r.check_in_channel] ?? '') : '',
    checkInTime: r.checked_in_at ? new Date(r.checked_in_at).toISOString() : null,
    recordId: r.record_id,
    // pre-checked in from the family portal and not yet at the door (a person an administrator
    // marked absent again keeps their record but is not pre-checked in)
    isPreCheckedIn: r.record_id !== null && !present && r.check_in_channel === CHECK_IN_CHANNEL.familyPortal,
    checkInChannel: r.check_in_channel,
    checkOutTime: r.checked_out_at ? new Date(r.checked_out_at).toISOString() : null,
    checkedInBy: present ? r.checked_in_by : null,
    checkedOutBy: r.checked_out_at ? r.checked_out_by : null,
    groupId: r.group_id,
    groupName: r.group_name,
    securityCode: r.security_code,
    maskedPhone: maskPhone(r.mobile_phone),
    hasPhone: maskPhone(r.mobile_phone) !== '',
    pictureUrl: r.picture_url,
    customAttributeData: r.answers,
    registration: toRegistration(r),
  };
}

/** The registration part of a report row (issue 12 'Admin'); amounts leave as decimals. */
function toRegistration(r: q.RosterRow): TPersonRegistration | null {
  if (!r.registration_id || !r.registered_at) return null;
  const currency = r.amount_currency ?? '';
  return {
    id: r.registration_id,
    status: r.registration_status === 'pending_payment' ? 'pending_payment' : 'registered',
    registeredById: r.registered_by_id,
    registeredByName: r.registered_by_id ? (r.registered_by_name ?? '') : null,
    payment: (r.payment_state ?? 'free') as TPersonRegistration['payment'],
    amount: r.amount_minor === null ? null : minorToNumber(BigInt(r.amount_minor), currency),
    currency,
    registeredAt: new Date(r.registered_at).toISOString(),
  };
}

/**
 * The event's offerings per item in the church currency (offering rows of the offerings module,
 * summed in SQL per item and currency, each currency converted once at the latest stored rate);
 * currencies without a rate are left out and listed in `unconverted`.
 */
async function eventOfferings(ctx: TenantCtx, activityId: string) {
  const currency = await homeCurrency(ctx);
  const sums = await q.offeringTotals(ctx.tx, ctx.tenantId, activityId);
  const rates = sums.some((r) => r.currency_code !== currency) ? await latestRatesFor(ctx) : {};
  const unconverted = new Set<string>();
  const byItem = new Map<string, { name: string; minor: bigint; n: number }>();
  for (const r of sums) {
    let minor: bigint | null = BigInt(r.total_minor);
    if (r.currency_code !== currency) {
      try {
        minor = convertMinor(minor, r.currency_code, currency, rates).amount;
      } catch {
        minor = null;
      }
    }
    if (minor === null) {
      unconverted.add(r.currency_code);
      continue;
    }
    const item = byItem.get(r.item_id) ?? { name: r.name, minor: 0n, n: 0 };
    item.minor += minor;
    item.n += r.n;
    byItem.set(r.item_id, item);
  }
  const offerings = [...byItem].map(([itemId, v]) => ({
    id: itemId,
    financialContributionID: itemId,
    amount: minorToNumber(v.minor, currency),
    name: v.name,
    count: v.n,
  }));
  return { currency, offerings, byItem, unconverted };
}

/**
 * GET /api/CheckInAttendance/AttendanceReport?id= (existing-client-api §4.1): the set-up's
 * report fields, everyone registered or with an attendance record once (phones masked: see
 * revealParentNumber), the event's offerings per item in the church currency (decimal, summed
 * in SQL per item and currency, each currency's sum converted once at the latest stored rate;
 * a currency without a rate is left out and named in `offeringUnconverted`), the head counts
 * and the custom field answers, with the page's totals.
 * @throws 404 'Attendance' for a set-up that is missing, deleted or another church's
 */
export async function report(ctx: TenantCtx, id: string): Promise<TAttendanceReport> {
  const s = await requireSetUp(ctx, id);
  const people = (await q.roster(ctx.tx, ctx.tenantId, s.id)).map((r) => toPerson(r, s.id));
  const { currency, offerings, byItem, unconverted } = await eventOfferings(ctx, s.activity_id);
  const offeringMinor = [...byItem.values()].reduce((t, v) => t + v.minor, 0n);
  const counts = await q.headCounts(ctx.tx, ctx.tenantId, s.id);
  const attendances = counts.map((c) => ({
    id: c.attendance_type_id,
    attendanceTypeID: c.attendance_type_id,
    number: c.number,
    name: ATTENDANCE_TYPES.find((t) => t.id === c.attendance_type_id)?.name ?? '',
  }));
  const answers = await q.customAnswers(ctx.tx, ctx.tenantId, s.id, s.activity_id);
  return {
    eventName: s.event_name,
    date: s.event_date,
    eventDate: s.event_date,
    status: s.status ?? '',
    details: s.details ?? '',
    title: s.title ?? '',
    bannerImage: s.banner_url ?? '',
    id: s.id,
    note: s.note ?? '',
    peopoleAttendancesDTOs: people,
    offerings,
    attendances,
    customAttributeData: answers.map((a) => ({
      customAttributeID: a.custom_field_id,
      data: a.data,
      entityID: a.entity_id,
    })),
    activityId: s.activity_id,
    attendanceCode: s.attendance_code,
    presentCount: people.filter((p) => p.isPresent).length,
    registeredCount: people.filter((p) => p.isRegistered).length,
    checkedOutCount: people.filter((p) => p.isCheckedOut).length,
    headCountTotal: attendances.reduce((t, a) => t + a.number, 0),
    offeringTotal: minorToNumber(offeringMinor, currency),
    currency,
    offeringUnconverted: [...unconverted].sort(),
  };
}

/** The message revealParentNumber answers when neither the person nor their family has a phone. */
export const NO_PHONE_MESSAGE = 'No phone number is recorded for this person or their family';

/**
 * GET api/CheckInAttendance/revealParentNumber?personId= (existing-client-api §4.1, §7(b)5): the
 * person's mobile phone, else their family's (home phone, father's, mother's), as digits with
 * an optional leading '+' (what the client tests for), or NO_PHONE_MESSAGE.
 * @throws 404 'Person' for a person who is missing or another church's
 */
export async function revealPhone(ctx: TenantCtx, personId: string): Promise<string> {
  const row = await q.phonesOf(ctx.tx, ctx.tenantId, personId);
  if (!row) throw notFound('Person');
  const phone = [row.own, row.family].find((p) => p && /\d/.test(p));
  if (!phone) return NO_PHONE_MESSAGE;
  const trimmed = phone.trim();
  return `${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

/**
 * POST /api/CheckInAttendance/MarkAttendance (existing-client-api §4.1, §4.3): see
 * ZMarkAttendanceRequest for the bodies. A listed person or an existing member is recorded
 * present through recordCheckIn (channel 0, by the signed-in user; the §4.3 body with
 * `isCheckedIn`/`checkInById` is the child check-in at the door, channel 2, `checkInById` who
 * brought the child); a new person is created first. Answers one of MARK_MESSAGES.
 * @throws 404 'Attendance' (set-up), 'Attendance record' (personAttendanceID), 'Person'
 * (person.personId); 400 'checkInById' for someone not of the church
 */
export async function mark(ctx: TenantCtx, body: z.output<typeof ZMarkAttendanceRequest>): Promise<string> {
  if (body.personAttendanceId) {
    const found = await q.resolvePersonAttendance(
      ctx.tx,
      ctx.tenantId,
      body.personAttendanceId,
      body.checkInAttendanceId,
    );
    if (!found) throw notFound('Attendance record');
    if (!body.present) {
      if (found.record_id) await w.markAbsent(ctx.tx, ctx.tenantId, found.record_id);
      return MARK_MESSAGES.absent;
    }
    if (body.checkInById && !(await q.personExists(ctx.tx, ctx.tenantId, body.checkInById)))
      throw badRequest('checkInById', 'is not a member of this church');
    const { checkedInNow } = await recordCheckIn(ctx.tx, ctx.tenantId, {
      checkinAttendanceId: found.checkin_attendance_id,
      personId: found.person_id,
      channel: body.atTheDoor ? CHECK_IN_CHANNEL.childDoor : CHECK_IN_CHANNEL.admin,
      present: true,
      checkedInByPersonId: body.checkInById,
      checkedInByUserId: ctx.userId,
    });
    return checkedInNow ? MARK_MESSAGES.checkedIn : MARK_MESSAGES.alreadyIn;
  }
  const setUp = await requireSetUp(ctx, body.checkInAttendanceId!);
  const person = body.person!;
  let personId: string;
  if ('personId' in person) {
    if (!(await q.personExists(ctx.tx, ctx.tenantId, person.personId))) throw notFound('Person');
    personId = person.personId;
  } else {
    const created = await createMember(ctx, {
      firstName: person.firstName ?? '',
      lastName: person.lastName ?? '',
      email: person.email ?? '',
      mobilePhone: person.mobilePhone ?? undefined,
    });
    personId = created.id;
  }
  const { checkedInNow } = await recordCheckIn(ctx.tx, ctx.tenantId, {
    checkinAttendanceId: setUp.id,
    personId,
    channel: CHECK_IN_CHANNEL.admin,
    present: true,
    checkedInByUserId: ctx.userId,
  });
  if (!('personId' in person)) return MARK_MESSAGES.added;
  return checkedInNow ? MARK_MESSAGES.checkedIn : MARK_MESSAGES.alreadyIn;
}

/**
 * POST /api/CheckInAttendance/CheckOut (existing-client-api §4.1, §4.3, §7(b)4): checks a
 * present person out now, recording the signed-in user; `checkOut` false undoes a check-out.
 * Answers one of CHECKOUT_MESSAGES ('User Was Not Checked In Earlier' for someone not present).
 * @throws 404 'Attendance record' for an id that names no record or registration of the church
 */
export async function checkOut(ctx: TenantCtx, body: z.output<typeof ZCheckOutRequest>): Promise<string> {
  const found = await q.resolvePersonAttendance(
    ctx.tx,
    ctx.tenantId,
    body.personAttendanceId,
    body.checkInAttendanceId,
  );
  if (!found) throw notFound('Attendance record');
  if (!found.record_id) return CHECKOUT_MESSAGES.notIn;
  if (!body.checkOut) {
    await w.undoCheckOut(ctx.tx, ctx.tenantId, found.record_id);
    return CHECKOUT_MESSAGES.undone;
  }
  if (await w.checkOut(ctx.tx, ctx.tenantId, found.record_id, ctx.userId)) return CHECKOUT_MESSAGES.checkedOut;
  const state = await q.recordState(ctx.tx, ctx.tenantId, found.record_id);
  return state?.checked_in_at ? CHECKOUT_MESSAGES.alreadyOut : CHECKOUT_MESSAGES.notIn;
}

/**
 * POST /api/CheckinAttendance/MarkAllAttendance (existing-client-api §4.1): `checkin` true marks
 * the listed people present (everyone registered or pre-checked in and not yet present when the
 * list is empty), false checks the listed people out (everyone present when empty); one SQL
 * statement either way. Answers the number of people changed.
 * @throws 404 'Attendance' for the set-up, 'Attendance record' when an id is not of this set-up
 */
export async function markAll(ctx: TenantCtx, body: z.output<typeof ZMarkAllRequest>): Promise<number> {
  const setUp = await requireSetUp(ctx, body.checkInAttendanceID);
  const ids = [...new Set(body.personAttendanceIDs ?? [])];
  if (ids.length && (await q.countResolvable(ctx.tx, ctx.tenantId, setUp.id, ids)) !== ids.length)
    throw notFound('Attendance record');
  return body.checkin
    ? w.markAllPresent(ctx.tx, ctx.tenantId, setUp.id, ids, ctx.userId)
    : w.checkOutAll(ctx.tx, ctx.tenantId, setUp.id, ids, ctx.userId);
}

/** Why a check-in with check-out attempts is not deleted. */
export const HAS_ATTEMPTS_MESSAGE =
  'This check-in has check-out attempts on record and cannot be deleted; mark the person absent instead';

/**
 * DELETE /api/CheckInAttendance/DeletePersonEventAttendance?id=&checkInAttendanceId= (§4.1):
 * removes the person from the set-up's list (attendance record deleted, registration cancelled).
 * @throws 404 'Attendance record' when `id` names nothing of that set-up of the church; 409 when
 * the record has check-out attempts (kept as the door's security trail)
 */
export async function removePerson(ctx: TenantCtx, id: string, checkInAttendanceId: string): Promise<void> {
  const found = await q.resolvePersonAttendance(ctx.tx, ctx.tenantId, id, checkInAttendanceId);
  if (!found) throw notFound('Attendance record');
  // a child's pickup attempts are the security trail of the door: the record they name stays
  if (await w.hasCheckoutAttempts(ctx.tx, ctx.tenantId, found.checkin_attendance_id, found.person_id))
    throw new AppError(409, HAS_ATTEMPTS_MESSAGE);
  await w.removePerson(ctx.tx, ctx.tenantId, found.checkin_attendance_id, found.person_id);
}

/**
 * PUT /api/CheckInAttendance/UpdateCheckInAttendance (existing-client-api §4.1): saves the
 * report's details, status, title and note, the head counts and the custom field answers
 * (entity 5 fields answered for the set-up, entity 3 for its event), under the set-up's row lock.
 * Offerings in the body are NOT written: they are recorded on the offering screen, where they
 * post to the books (a second way in would bypass the ledger).
 * @throws 404 'Attendance' (set-up), 'Custom field' (a field not of the church); 400 naming
 * `customAttributeData.N.customAttributeID` (a field of another entity), `.entityID` (not this
 * set-up) or `.data` (an answer its field refuses)
 */
export async function update(ctx: TenantCtx, body: z.output<typeof ZUpdateCheckInAttendanceRequest>): Promise<void> {
  const setUp = await requireSetUp(ctx, body.id, true);
  const data = body.customAttributeData ?? [];
  const fields = data.length
    ? await q.customFieldsById(
        ctx.tx,
        ctx.tenantId,
        data.map((d) => d.customAttributeID),
      )
    : [];
  const answers: { fieldId: string; entityId: string; data: string }[] = [];
  data.forEach((d, i) => {
    const field = fields.find((f) => f.id === d.customAttributeID.toLowerCase());
    if (!field) throw notFound('Custom field');
    if (field.entity_type !== 5 && field.entity_type !== 3)
      throw badRequest(`customAttributeData.${i}.customAttributeID`, 'is not a field of an attendance or an event');
    if (d.entityID && d.entityID.toLowerCase() !== setUp.id)
      throw badRequest(`customAttributeData.${i}.entityID`, "must be this attendance's id");
    if (d.data === undefined) return;
    const value =
      d.data === null
        ? ''
        : validateCustomFieldValue(
            { controlType: field.control_type, parameterValues: field.parameter_values },
            String(d.data),
            `customAttributeData.${i}.data`,
          );
    answers.push({
      fieldId: field.id,
      entityId: field.entity_type === 3 ? setUp.activity_id : setUp.id,
      data: value,
    });
  });
  // offerings post to the books from the offering screen: the totals read back are accepted,
  // a typed amount that differs is refused rather than silently dropped
  if (body.offerings?.some((o) => o.amount !== undefined && o.amount !== null && o.amount !== '')) {
    const { offerings } = await eventOfferings(ctx, setUp.activity_id);
    body.offerings.forEach((o, i) => {
      if (o.amount === undefined || o.amount === null || o.amount === '') return;
      const typed = Number(o.amount);
      const itemId = String(o.financialContributionID ?? o.id ?? '').toLowerCase();
      const recorded = offerings.find((x) => x.financialContributionID === itemId)?.amount ?? 0;
      if (!Number.isFinite(typed) || Math.abs(typed - recorded) > 0.001)
        throw badRequest(
          `offerings.${i}.amount`,
          'offerings are recorded on the Offerings screen, where they post to the books: record or correct it there',
        );
    });
  }
  const counts = new Map<number, number>();
  for (const a of body.attendances ?? []) counts.set(a.attendanceTypeID, a.number);
  await w.saveReportFields(ctx.tx, ctx.tenantId, setUp.id, {
    details: body.details,
    status: body.status,
    title: body.title,
    note: body.note,
  });
  await w.saveHeadCounts(ctx.tx, ctx.tenantId, setUp.id, counts);
  await w.replaceCustomAnswers(ctx.tx, ctx.tenantId, answers);
}
