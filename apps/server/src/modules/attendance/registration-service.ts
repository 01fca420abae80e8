import { randomUUID } from 'node:crypto';
import {
  REGISTRATION_MESSAGES as M,
  type TEventRegistration,
  type TEventRegistrationAnswer,
  type TRegistrationEvent,
  type TRegistrationMatch,
} from '@steward/contracts/event-registration';
import { withTenant, type Db } from '../../db/client.ts';
import type { TenantCtx } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { minorToJson } from '../../lib/money.ts';
import { providerOf } from '../giving/forms-service.ts';
import * as forms from '../giving/queries.ts';
import type { JobQueue } from '../messaging/queue.ts';
import { findCurrencyByCode } from '../lookups/reference.ts';
import { checkCustomAnswers } from './custom-answers.ts';
import { maskEmail, maskText } from './public-checkin-mask.ts';
import { sendCheckinMessages, type MessageLog } from './public-checkin-messages.ts';
import * as cq from './public-checkin-queries.ts';
import { phoneKey, splitName, tenantOfCheckin } from './public-checkin-service.ts';
import * as q from './registration-queries.ts';

/*
 * Public event registration (issue 12; spec 2.12-2.14, §3-§5, §8; existing-client-api §5.1). No
 * session: the church is found from the set-up's public code (or id) through the narrow lookups
 * (attendance_code_tenant / attendance_id_tenant), then everything runs as that church.
 *
 * Capacity that holds: every write that takes places locks the set-up row (SELECT … FOR UPDATE on
 * checkin_attendances), ends stale holds, counts the places held and writes the registrations in
 * that one transaction, so concurrent registrations for the last places are admitted one at a time.
 */

/** Entity type of registration custom fields (spec §3 'Entity types': 4 EventRegistrationForm). */
export const REGISTRATION_ENTITY = 4;
/** At most this many people share one phone in a search's answer. */
const MAX_MATCHES = 5;

/** The church of the registration `key` (public code or id), or 404. */
export async function tenantOfRegistration(db: Db, key: string): Promise<string> {
  const tenantId = await tenantOfCheckin(db, key);
  if (!tenantId) throw notFound('Event registration');
  return tenantId;
}

/** The set-up `key` of the church (404 unknown, deleted or registration disabled); `lock` FOR UPDATE. */
export async function regSetupOf(ctx: Omit<TenantCtx, 'userId'>, key: string, lock = false): Promise<q.RegSetupRow> {
  const setup = await q.findRegSetup(ctx.tx, ctx.tenantId, key, lock);
  if (!setup) throw notFound('Event registration');
  return setup;
}

/** The fee per person in minor units (0 for a free event). */
export const feeOf = (s: q.RegSetupRow): bigint => (s.isPaidFor && s.amountMinor ? BigInt(s.amountMinor) : 0n);
/** True when registering needs a payment (a fee above zero and a payment form). */
export const isPaid = (s: q.RegSetupRow): boolean => feeOf(s) > 0n && s.paymentFormId !== null;

/**
 * GET /api/publiccontent/WebRegistrationEventDetails?id= (existing-client-api §5.1; spec §3
 * 'Registration event'): the event of the set-up `key` (TRegistrationEvent), with its payment form
 * (gateways Paystack / FlutterWave, the event's contribution item) when the event is paid, a fresh
 * `paymentFormOrderID`, the places left (null = no limit), and whether it is closed or full.
 * `calendarPath` is the .ics call's path for this event. Throws 404 for an unknown, deleted or
 * registration-disabled set-up.
 */
export async function registrationEvent(db: Db, key: string, calendarPath: string): Promise<TRegistrationEvent> {
  const tenantId = await tenantOfRegistration(db, key);
  return withTenant(db, tenantId, async (tx) => {
    const s = await regSetupOf({ tx, tenantId }, key);
    const taken = s.slot === null ? 0 : await q.takenPlaces(tx, tenantId, s.id);
    const placesLeft = s.slot === null ? null : Math.max(0, s.slot - taken);
    let paymentForm: TRegistrationEvent['paymentForm'] = null;
    if (isPaid(s)) {
      const found = await forms.findForm(tx, tenantId, s.paymentFormId!);
      if (found && found.form.isActive) {
        const items = await forms.formItems(tx, tenantId, s.paymentFormId!);
        const gateways = await forms.formGateways(tx, tenantId, s.paymentFormId!);
        paymentForm = {
          tenantID: tenantId,
          churchName: s.churchName,
          churchLogo: s.churchLogo,
          paymentGateWays: gateways.flatMap(({ row, gateway }) => {
            const provider = providerOf(gateway);
            return provider && gateway.isActive
              ? [{ paymentGateway: { name: gateway.name }, subAccountID: row.subAccountId, provider }]
              : [];
          }),
          contributionItems: items.map((i) => ({ financialContribution: { id: i.itemId, name: i.name } })),
        };
      }
    }
    return {
      id: s.id,
      tenantID: tenantId,
      eventID: s.activityId,
      fullEventName: s.eventName,
      eventDate: `${s.eventDate}T00:00:00`,
      bannerUrl: s.bannerUrl,
      eventDetails: s.details,
      registrationAmount: minorToJson(feeOf(s), s.currencyCode),
      registrationCutOffTime: s.cutOff ? s.cutOff.toISOString() : null,
      paymentFormId: paymentForm ? s.paymentFormId : null,
      paymentFormOrderID: randomUUID(),
      currencyID: findCurrencyByCode(s.currencyCode)?.id ?? null,
      currency: s.currencyCode,
      checkinCode: s.attendanceCode,
      attendanceCode: s.attendanceCode,
      paymentForm,
      churchName: s.churchName,
      churchLogo: s.churchLogo,
      placesLeft,
      isClosed: s.isClosed,
      isFull: placesLeft === 0,
      calendarUrl: `${calendarPath}?id=${encodeURIComponent(s.attendanceCode)}`,
    };
  });
}

/** The per-event limit of the phone search, counted once the set-up is known. */
export interface RegSearchLimits {
  perEvent(setupId: string): Promise<void>;
}

/**
 * GET /searchregistrationbyphone?searchtext=&id= (existing-client-api §5.1; spec §3 'Person found
 * by phone (registration)'): the church's people whose mobile phone ends with the same 10 digits,
 * earliest first, at most 5, MASKED (name, e-mail, address, phone; birthday withheld), with
 * whether each is registered already. No match: []. Throws 404 (unknown set-up), 400 on id with
 * the closed text after the cut-off, 429 from `limits`.
 */
export async function searchRegistrationByPhone(
  db: Db,
  key: string,
  phone: string,
  limits: RegSearchLimits,
): Promise<TRegistrationMatch[]> {
  const tenantId = await tenantOfRegistration(db, key);
  const s = await withTenant(db, tenantId, (tx) => regSetupOf({ tx, tenantId }, key));
  await limits.perEvent(s.id);
  if (s.isClosed) throw badRequest('id', M.closed);
  return withTenant(db, tenantId, async (tx) => {
    const people = await q.peopleByPhone(tx, tenantId, s.id, phoneKey(phone), MAX_MATCHES);
    return people.map((p) => ({
      personId: p.id,
      name: maskText(`${p.firstName} ${p.lastName}`),
      email: maskEmail(p.email),
      address: maskText(p.homeAddress),
      phoneNumber: maskPhone(p.mobilePhone),
      dayOfBirth: null,
      monthOfBirth: null,
      hasBirthday: p.hasBirthday,
      alreadyRegistered: p.registered,
    }));
  });
}

/** A phone masked: all but the last 3 digits as asterisks ('08031234567' -> '********567'). */
export function maskPhone(phone: string | null): string {
  const d = (phone ?? '').replace(/\D/g, '');
  if (!d) return '';
  return '*'.repeat(Math.max(0, d.length - 3)) + d.slice(-3);
}

/** A registrant checked and resolved to a person of the church (created when new). */
export interface ResolvedPerson {
  personId: string;
  hasPhone: boolean;
  hasEmail: boolean;
}

/**
 * The person of a registration (spec §3 'Registration payload'), in the caller's transaction:
 * `personId` must be a person of the church (404 on person.personId); with a `mobilePhone` it
 * must be that person's (400 on person.mobilePhone), and what the person lacks on record is filled
 * in (e-mail, address, birthday, marital status, gender, wedding date), nothing replaced. Without
 * `personId` a new person is made from firstName (+ lastName) and the phone, unless the church
 * has one with that phone and name already (a retried submission is that person).
 */
export async function resolvePerson(ctx: TenantCtx, p: TEventRegistration['person']): Promise<ResolvedPerson> {
  const { tx, tenantId } = ctx;
  const birthday = p.dayOfBirth !== null && p.monthOfBirth !== null;
  const extra = {
    maritalStatusId: p.maritalStatusID,
    genderId: p.genderID,
    yearOfWedding: p.yearOfWedding,
    monthOfWedding: p.monthOfWedding,
    dayOfWedding: p.dayOfWedding,
  };
  const fill = {
    email: p.email || null,
    homeAddress: p.homeAddress || null,
    dayOfBirth: birthday ? p.dayOfBirth : null,
    monthOfBirth: birthday ? p.monthOfBirth : null,
  };
  if (p.personId) {
    const person = await cq.lockPerson(tx, tenantId, p.personId);
    if (!person) throw new AppError(404, 'Person was not found', 'person.personId');
    if (p.mobilePhone) {
      if (!person.mobilePhoneKey || person.mobilePhoneKey !== phoneKey(p.mobilePhone))
        throw badRequest('person.mobilePhone', 'is not the phone number of this person');
      await cq.fillMissing(tx, tenantId, person.id, fill);
      await q.fillMissingExtra(tx, tenantId, person.id, extra);
    }
    return {
      personId: person.id,
      hasPhone: Boolean(person.mobilePhoneKey),
      hasEmail: Boolean(person.email?.trim() || (p.mobilePhone && p.email)),
    };
  }
  const name = p.lastName ? { firstName: p.firstName, lastName: p.lastName } : splitName(p.firstName);
  const key = phoneKey(p.mobilePhone);
  await cq.lockPhoneKey(tx, tenantId, key);
  const same = await cq.samePerson(tx, tenantId, key, name.firstName, name.lastName);
  if (same) {
    await cq.fillMissing(tx, tenantId, same.id, fill);
    await q.fillMissingExtra(tx, tenantId, same.id, extra);
    return { personId: same.id, hasPhone: true, hasEmail: Boolean(same.email?.trim() || p.email) };
  }
  const id = await cq.insertPerson(tx, tenantId, {
    ...name,
    email: p.email || null,
    mobilePhone: p.mobilePhone,
    homeAddress: p.homeAddress || null,
    dayOfBirth: birthday ? p.dayOfBirth : null,
    monthOfBirth: birthday ? p.monthOfBirth : null,
  });
  await q.fillMissingExtra(tx, tenantId, id, extra);
  return { personId: id, hasPhone: true, hasEmail: Boolean(p.email) };
}

/**
 * The custom field answers of a registration checked (each a field of entity 4 of the church,
 * 400 on customAttributeData.N.customAttributeID; each valid for its type, 400 on …N.data); null
 * answers are left out.
 */
export function checkAnswers(
  ctx: TenantCtx,
  wanted: TEventRegistration['customAttributeData'],
): Promise<{ fieldId: string; data: string }[]> {
  return checkCustomAnswers(ctx.tx, ctx.tenantId, REGISTRATION_ENTITY, 'registration', wanted);
}

/**
 * Takes places for `personIds` at the locked set-up `s` (the caller holds the FOR UPDATE lock):
 * ends stale holds, then, counting only the people not already holding a place, refuses with
 * 400 naming `field` when the event is full ('This event is fully booked') or has fewer places
 * left than needed; otherwise writes each registration (putRegistration; `hold` for a paid one).
 * Answers per person whether the registration is new, and the places left (null = no limit).
 */
export async function takePlaces(
  ctx: TenantCtx,
  s: q.RegSetupRow,
  people: { personId: string; registeredById: string | null }[],
  hold: { paymentId: string; until: Date } | null,
  field: string,
): Promise<{ rows: { personId: string; id: string; changed: boolean }[]; placesLeft: number | null }> {
  const { tx, tenantId } = ctx;
  await q.endStaleHolds(tx, tenantId, s.id);
  const existing = await q.registrationsOf(
    tx,
    tenantId,
    s.id,
    people.map((p) => p.personId),
  );
  const holding = new Set(existing.filter((r) => r.holds).map((r) => r.personId));
  const needed = people.filter((p) => !holding.has(p.personId)).length;
  let placesLeft: number | null = null;
  if (s.slot !== null) {
    const left = s.slot - (await q.takenPlaces(tx, tenantId, s.id));
    if (needed > 0 && left <= 0) throw badRequest(field, M.full);
    if (needed > left) throw badRequest(field, M.notEnoughPlaces);
    placesLeft = left - needed;
  }
  const rows = [];
  for (const p of people)
    rows.push({ personId: p.personId, ...(await q.putRegistration(tx, tenantId, { setupId: s.id, ...p, hold })) });
  return { rows, placesLeft };
}

/** Sends the set-up's registration SMS and e-mail to `person` (once: call it for a new registration only). */
export async function sendRegistrationMessages(
  ctx: TenantCtx,
  queue: JobQueue,
  s: q.RegSetupRow,
  person: ResolvedPerson,
  log: MessageLog,
): Promise<void> {
  await sendCheckinMessages(
    ctx,
    queue,
    {
      eventName: s.eventName,
      checkinSms: s.registrationSms,
      checkinSmsSubject: s.registrationSmsSubject,
      checkinEmail: s.registrationEmail,
      checkinEmailSubject: s.registrationEmailSubject?.trim() || `${s.eventName}: you are registered`,
    },
    { id: person.personId, hasPhone: person.hasPhone, hasEmail: person.hasEmail },
    (event, fields) => log(event.replace('checkin_', 'registration_'), fields),
  );
}

/** What register needs besides the body. */
export interface RegisterDeps {
  queue: JobQueue;
  log: MessageLog;
}

/**
 * POST /EventRegistration (existing-client-api §5.1; spec §3 'Registration payload', §4, §5), in
 * one transaction as the set-up's church, with the set-up row locked FOR UPDATE:
 * - the set-up by `id` (404 unknown; 400 on id with 'Registration for this event is closed' at
 *   or after the cut-off); a paid event registers only through its payment (400 on id), except a
 *   person already registered (answered as such);
 * - the person (resolvePerson); `registeredBy` (a ward's registrant) must be a person of the church;
 * - the custom answers (checkAnswers), stored for the registration (entity id = its id);
 * - the place (takePlaces: 400 'This event is fully booked' when full); a person registered
 *   twice is one registration (unique index), answered with alreadyRegistered;
 * - a new registration sends the set-up's registration SMS and e-mail once.
 * Nothing is written when a check fails.
 */
export async function register(
  db: Db,
  input: TEventRegistration,
  deps: RegisterDeps,
): Promise<TEventRegistrationAnswer> {
  const tenantId = await tenantOfRegistration(db, input.id);
  return withTenant(db, tenantId, async (tx) => {
    const ctx: TenantCtx = { tx, tenantId, userId: null };
    const s = await regSetupOf(ctx, input.id, true);
    if (s.isClosed) throw badRequest('id', M.closed);
    const answers = await checkAnswers(ctx, input.customAttributeData);
    const registeredBy = input.registeredBy ? input.registeredBy.toLowerCase() : null;
    if (registeredBy && !(await q.peopleExist(tx, tenantId, [registeredBy])).has(registeredBy))
      throw new AppError(404, 'Person was not found', 'registeredBy');
    const person = await resolvePerson(ctx, input.person);
    if (isPaid(s)) {
      const [mine] = await q.registrationsOf(tx, tenantId, s.id, [person.personId]);
      if (!mine?.holds || mine.status !== 'registered') throw badRequest('id', `This event is paid: use '${M.pay}'`);
    }
    const { rows, placesLeft } = await takePlaces(
      ctx,
      s,
      [{ personId: person.personId, registeredById: registeredBy }],
      null,
      'id',
    );
    const row = rows[0]!;
    await cq.replaceAnswers(tx, tenantId, row.id, answers);
    if (row.changed) await sendRegistrationMessages(ctx, deps.queue, s, person, deps.log);
    return {
      status: true,
      response: row.changed ? M.success : M.alreadyRegistered,
      returnObject: {
        registrationId: row.id,
        personId: person.personId,
        status: 'registered',
        alreadyRegistered: !row.changed,
        fullEventName: s.eventName,
        placesLeft,
      },
    };
  });
}
