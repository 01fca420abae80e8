import {
  CHECKIN_MAX_MATCHES,
  PUBLIC_CHECKIN_MESSAGES as M,
  phoneDigits,
  type TMarkAttendance,
  type TMarkAttendanceAnswer,
  type TPhoneMatch,
  type TWebCheckInEvent,
} from '@steward/contracts/attendance-public';
import { withTenant, withoutTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-errors.ts';
import type { JobQueue } from '../messaging/queue.ts';
import { checkCustomAnswers } from './custom-answers.ts';
import { maskEmail, maskText } from './public-checkin-mask.ts';
import { sendCheckinMessages, type MessageLog } from './public-checkin-messages.ts';
import * as q from './public-checkin-queries.ts';
import { CHECK_IN_CHANNEL, claimCheckinMessages, recordCheckIn } from './records.ts';

/** Entity type of check-in custom fields (spec §3 'Entity types': 5 CheckInAttendance). */
const CHECKIN_ENTITY = 5;

/*
 * The public self check-in (issue 11 'Public self check-in'; spec 2.11, §3-§5, §8;
 * existing-client-api §4.2). No session: the church is found from the set-up's public code (or
 * its id) through the narrow lookups, then everything runs as that church (withTenant), as the
 * public giving page does (giving/public-give-form.ts).
 */

/**
 * The church of the set-up named by `key`: its public code, or its id (the existing client
 * searches with the id). The id lookup needs the function attendance_id_tenant; a database
 * without it answers by the code alone. Null when nothing (not deleted) has that code or id.
 */
export async function tenantOfCheckin(db: Db, key: string): Promise<string | null> {
  if (q.UUID.test(key)) {
    try {
      const t = await withoutTenant(db, (tx) => q.idTenant(tx, key.toLowerCase()));
      if (t) return t;
    } catch (e) {
      // 42883 undefined_function: the id lookup is not installed; the code lookup still answers
      if (pgErrorInfo(e)?.code !== '42883') throw e;
    }
  }
  return withoutTenant(db, (tx) => q.codeTenant(tx, key));
}

/** The set-up `key` of its church with the church's id, or 404 (unknown, deleted: the same answer). */
async function setupOf(ctx: Omit<TenantCtx, 'userId'>, key: string, lock = false): Promise<q.PublicSetupRow> {
  const setup = await q.findSetup(ctx.tx, ctx.tenantId, key, lock);
  if (!setup) throw notFound('Check-in');
  return setup;
}

/** The closed refusal (spec §8 'Check-in | event closed'), naming `field`. */
const closed = (field: string) => badRequest(field, M.closed);

/**
 * GET /api/publiccontent/WebCheckInGetEventDetails?checkinId= (existing-client-api §4.2): the
 * check-in event of the set-up with public code (or id) `key` (TWebCheckInEvent: `eventDate`
 * 'YYYY-MM-DDT00:00:00', `checkInCutOffTime` ISO or null, `isClosed`, the church's name and logo,
 * the set-up's groups by name).
 * Throws 404 for an unknown or deleted set-up.
 */
export async function eventDetails(db: Db, key: string): Promise<TWebCheckInEvent> {
  const tenantId = await tenantOfCheckin(db, key);
  if (!tenantId) throw notFound('Check-in');
  return withTenant(db, tenantId, async (tx) => {
    const setup = await setupOf({ tx, tenantId }, key);
    const groups = await q.setupGroups(tx, tenantId, setup.id);
    return {
      id: setup.id,
      tenantID: tenantId,
      attendanceCode: setup.attendanceCode,
      fullEventName: setup.eventName,
      eventDate: `${setup.eventDate}T00:00:00`,
      checkInCutOffTime: setup.checkInCutOff ? setup.checkInCutOff.toISOString() : null,
      isClosed: setup.isClosed,
      churchName: setup.churchName,
      churchLogo: setup.churchLogo,
      groups,
    };
  });
}

/** What the phone search needs besides its query: the per-event limit, counted once the set-up is known. */
export interface SearchLimits {
  /** counts one search of set-up `setupId`; throws RateLimited (429) over the limit */
  perEvent(setupId: string): Promise<void>;
}

/** The last 10 digits of a phone: the key people.mobile_phone_key holds. */
export const phoneKey = (phone: string): string => phoneDigits(phone).slice(-10);

/**
 * GET /searchmemberbyphone?searchtext=&&checkinId= (existing-client-api §4.2; spec 2.11, §5):
 * the church's people whose mobile phone ends with the same 10 digits as `phone` (so
 * '08031234567' and '+234 803 123 4567' find the same person), the earliest recorded first, at
 * most CHECKIN_MAX_MATCHES, each MASKED (TPhoneMatch: name, e-mail, address with asterisks,
 * birthday withheld), with the set-up's groups (`avaliableGroups`) and those the person is in
 * (`groupsBelongingTo`). No match: one entry with `personId` null and the set-up's groups.
 * Throws 404 (unknown or deleted set-up), 400 on checkinId with the closed text after the
 * cut-off, 429 from `limits` (per event; the per-address limit is the route's).
 */
export async function searchByPhone(db: Db, key: string, phone: string, limits: SearchLimits): Promise<TPhoneMatch[]> {
  const tenantId = await tenantOfCheckin(db, key);
  if (!tenantId) throw notFound('Check-in');
  // the limit counts in a transaction of its own, outside the church's (one connection on PGlite)
  const found = await withTenant(db, tenantId, (tx) => setupOf({ tx, tenantId }, key));
  await limits.perEvent(found.id);
  if (found.isClosed) throw closed('checkinId');
  return withTenant(db, tenantId, async (tx) => {
    const groups = await q.setupGroups(tx, tenantId, found.id);
    const avaliableGroups = groups.map((g) => ({ id: g.id, groupId: g.id, name: g.name }));
    const people = await q.peopleByPhoneKey(tx, tenantId, phoneKey(phone), CHECKIN_MAX_MATCHES);
    if (people.length === 0)
      return [
        {
          personId: null,
          name: '',
          email: '',
          address: '',
          dayOfBirth: null,
          monthOfBirth: null,
          hasBirthday: false,
          groupsBelongingTo: [],
          avaliableGroups,
        },
      ];
    const memberships = await q.membershipsInSetup(
      tx,
      tenantId,
      found.id,
      people.map((p) => p.id),
    );
    return people.map((p) => ({
      personId: p.id,
      name: maskText(`${p.firstName} ${p.lastName}`),
      email: maskEmail(p.email),
      address: maskText(p.homeAddress),
      dayOfBirth: null,
      monthOfBirth: null,
      hasBirthday: p.hasBirthday,
      groupsBelongingTo: memberships
        .filter((m) => m.personId === p.id)
        .map((m) => ({ groupId: m.groupId, name: m.name })),
      avaliableGroups,
    }));
  });
}

/** A full name typed in one box, as first and last name: the first word, and the rest. */
export function splitName(full: string): { firstName: string; lastName: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** What markAttendance needs besides the body. */
export interface MarkDeps {
  queue: JobQueue;
  log: MessageLog;
}

/**
 * POST /MarkAttendance (existing-client-api §4.2; spec 2.11, §3 'Check-in submission', §4, §5),
 * in one transaction as the set-up's church:
 * - the set-up by `attendanceCode` (404 unknown or deleted; 400 on attendanceCode with the
 *   closed text at or after the cut-off);
 * - the person: `personId` must be a person of this church (404 otherwise) whose mobile phone
 *   has the same last 10 digits as `mobilePhone` (400 on person.mobilePhone otherwise); what the
 *   person lacks on record is filled in (e-mail, address, birthday), nothing on record is
 *   replaced. Without `personId` a new person is created from `firstName` (split into first
 *   and last name when `lastName` is not given), the phone, e-mail, address and birthday, unless
 *   the church already has a person with that phone (last 10 digits) and that name: a submission
 *   sent again is that person (completed like a found one), not a second one;
 * - `peopleInGroups`: each must be one of the set-up's groups (400 on
 *   person.peopleInGroups.N.id otherwise); the person joins them;
 * - the attendance is recorded once (recordCheckIn, channel publicWeb): a second check-in keeps
 *   the first time and changes nothing else there;
 * - custom field answers: each `customAttributeID` must be a check-in field (entity 5) of the
 *   church (400 on customAttributeData.N.customAttributeID), each answer valid for its control
 *   type (400 on customAttributeData.N.data); they are stored for this check-in (entity id = the
 *   attendance record's id), replacing earlier answers to the same fields; a null answer is
 *   left out;
 * - when this call made the person present, the set-up's check-in SMS and e-mail are sent
 *   (sendCheckinMessages), once per person and set-up: not again after an administrator marked
 *   the person absent (claimCheckinMessages, migration 0025).
 * Nothing is written when any check fails.
 */
export async function markAttendance(db: Db, input: TMarkAttendance, deps: MarkDeps): Promise<TMarkAttendanceAnswer> {
  const tenantId = await tenantOfCheckin(db, input.attendanceCode);
  if (!tenantId) throw notFound('Check-in');
  return withTenant(db, tenantId, async (tx) => {
    const ctx: TenantCtx = { tx, tenantId, userId: null };
    const setup = await setupOf(ctx, input.attendanceCode, true);
    if (setup.isClosed) throw closed('attendanceCode');
    const p = input.person;

    // groups: the set-up's only
    const setupGroupIds = new Set((await q.setupGroups(tx, tenantId, setup.id)).map((g) => g.id));
    p.peopleInGroups.forEach((g, i) => {
      if (!setupGroupIds.has(g)) throw badRequest(`person.peopleInGroups.${i}.id`, 'is not a group of this check-in');
    });

    // custom field answers: check-in fields of this church, valid for their types
    const answers = await checkCustomAnswers(tx, tenantId, CHECKIN_ENTITY, 'check-in', input.customAttributeData);

    // the person
    let personId: string;
    let hasEmail: boolean;
    if (p.personId) {
      const person = await q.lockPerson(tx, tenantId, p.personId);
      if (!person) throw new AppError(404, 'Person was not found', 'person.personId');
      if (!person.mobilePhoneKey || person.mobilePhoneKey !== phoneKey(p.mobilePhone))
        throw badRequest('person.mobilePhone', 'is not the phone number of this person');
      const birthday = p.dayOfBirth !== null && p.monthOfBirth !== null;
      await q.fillMissing(tx, tenantId, person.id, {
        email: p.email || null,
        homeAddress: p.homeAddress || null,
        dayOfBirth: birthday ? p.dayOfBirth : null,
        monthOfBirth: birthday ? p.monthOfBirth : null,
      });
      personId = person.id;
      hasEmail = Boolean(person.email?.trim() || p.email);
    } else {
      const name = p.lastName ? { firstName: p.firstName, lastName: p.lastName } : splitName(p.firstName);
      const key = phoneKey(p.mobilePhone);
      // a new visitor's submission sent again (an answer lost on the network, a second tap) is
      // the same person: found by phone and name, under a lock so that two at once make one
      await q.lockPhoneKey(tx, tenantId, key);
      const same = await q.samePerson(tx, tenantId, key, name.firstName, name.lastName);
      if (same) {
        await q.fillMissing(tx, tenantId, same.id, {
          email: p.email || null,
          homeAddress: p.homeAddress || null,
          dayOfBirth: p.dayOfBirth !== null && p.monthOfBirth !== null ? p.dayOfBirth : null,
          monthOfBirth: p.dayOfBirth !== null && p.monthOfBirth !== null ? p.monthOfBirth : null,
        });
        personId = same.id;
        hasEmail = Boolean(same.email?.trim() || p.email);
      } else {
        personId = await q.insertPerson(tx, tenantId, {
          ...name,
          email: p.email || null,
          mobilePhone: p.mobilePhone,
          homeAddress: p.homeAddress || null,
          dayOfBirth: p.dayOfBirth,
          monthOfBirth: p.monthOfBirth,
        });
        hasEmail = Boolean(p.email);
      }
    }
    await q.joinGroups(tx, tenantId, personId, p.peopleInGroups);

    const record = await recordCheckIn(tx, tenantId, {
      checkinAttendanceId: setup.id,
      personId,
      channel: CHECK_IN_CHANNEL.publicWeb,
    });
    await q.replaceAnswers(tx, tenantId, record.recordId, answers);
    // the messages go out at the person's first check-in at this set-up only (not again after an
    // administrator marked them absent)
    if (record.checkedInNow && (await claimCheckinMessages(tx, tenantId, record.recordId))) {
      await sendCheckinMessages(
        ctx,
        deps.queue,
        { eventName: setup.eventName, ...pickTexts(setup) },
        { id: personId, hasPhone: true, hasEmail },
        deps.log,
      );
    }
    return {
      status: true,
      response: record.checkedInNow ? M.success : M.alreadyCheckedIn,
      returnObject: {
        attendanceCode: setup.attendanceCode,
        fullEventName: setup.eventName,
        alreadyCheckedIn: !record.checkedInNow,
        checkInTime: await q.checkInTime(tx, tenantId, record.recordId),
      },
    };
  });
}

const pickTexts = (s: q.PublicSetupRow) => ({
  checkinSms: s.checkinSms,
  checkinSmsSubject: s.checkinSmsSubject,
  checkinEmail: s.checkinEmail,
  checkinEmailSubject: s.checkinEmailSubject,
});
