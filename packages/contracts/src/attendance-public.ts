import { z } from 'zod';
import { ZEnvelope, ZId } from './common.ts';

/*
 * The public self check-in (issue 11 'Public self check-in'; giving-attendance-and-settings spec
 * 2.11, §3 'Check-in event (public)', 'Person found by phone (check-in)', 'Check-in submission',
 * §4, §5, §8; existing-client-api §4.2). No session: the church is found from the set-up's public
 * code (or id). Field names are the existing client's, its spelling included (`avaliableGroups`).
 * A found person's name, e-mail and address are never sent unmasked (issue 11: 'never revealed to
 * the browser unmasked'); the submission names the person by `personId` instead.
 */

export { PUBLIC_CHECKIN_MESSAGES } from './attendance-public-texts.ts';

/** Digits a phone search needs (spec §5, §9: the search starts at 11 characters). */
export const CHECKIN_PHONE_MIN_DIGITS = 11;
/** At most this many people share one phone in a search's answer (a family's one number). */
export const CHECKIN_MAX_MATCHES = 5;

/** The digits of a phone number as typed ('+234 (803) 123-4567' -> '2348031234567'). */
export const phoneDigits = (v: string): string => v.replace(/\D/g, '');

/*
 * The shapes every public page that finds a person by phone shares (the check-in here, the event
 * registration in event-registration.ts builds on them): the phone as typed, the masked person,
 * the optional texts and numbers of a person, and a custom field answer.
 */

/**
 * A phone as typed: at most 30 characters of digits, spaces and + ( ) . -, with `minDigits` to 16
 * digits (the check-in search needs CHECKIN_PHONE_MIN_DIGITS, the registration 7). Errors name
 * the rule ('must have at least 11 digits').
 */
export const phoneText = (minDigits: number) =>
  z
    .string({ error: 'Enter the phone number' })
    .trim()
    .max(30, 'must be at most 30 characters')
    .refine((v) => /^\+?[\d\s().-]+$/.test(v), { message: 'must be a phone number (digits, spaces, + ( ) . -)' })
    .refine((v) => phoneDigits(v).length >= minDigits, { message: `must have at least ${minDigits} digits` })
    .refine((v) => phoneDigits(v).length <= 16, { message: 'must have at most 16 digits' });

/** A phone as typed for the check-in search: CHECKIN_PHONE_MIN_DIGITS to 16 digits. */
const ZPhoneText = phoneText(CHECKIN_PHONE_MIN_DIGITS);

/** An optional text of at most `max` characters, trimmed; null or absent = ''. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');

/**
 * An optional whole number from `min` to `max` from JSON (a number, or its text as a dropdown
 * may send it); '', null or absent = not given (null), and also 0 / '0' when `zeroIsUnset` (an
 * unset selector of the registration page sends 0). Anything else out of range: 'must be a whole
 * number from min to max'.
 */
export const optionalInt = (min: number, max: number, { zeroIsUnset = false }: { zeroIsUnset?: boolean } = {}) =>
  z
    .union([z.number(), z.string().trim(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      if (zeroIsUnset && (v === 0 || v === '0')) return null;
      const n = typeof v === 'number' ? v : /^\d+$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/** What the public pages accept as an e-mail address. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * A person found by phone as a public page may see them (issue 11: 'never revealed to the browser
 * unmasked'): `name`, `email`, `address` MASKED with asterisks ('Jo** Ad****', 'a***@g****.com';
 * '' when the person has none), `dayOfBirth` / `monthOfBirth` always null (a birthday is not
 * revealed: `hasBirthday` tells whether one is on record).
 */
export const ZMaskedPerson = z.object({
  name: z.string(),
  email: z.string(),
  address: z.string(),
  dayOfBirth: z.null(),
  monthOfBirth: z.null(),
  hasBirthday: z.boolean(),
});
export type TMaskedPerson = z.infer<typeof ZMaskedPerson>;

/**
 * One custom field answer of a public page (`customAttributeData` item): a field of the church
 * (entity 5 CheckInAttendance for the check-in, 4 EventRegistrationForm for the registration);
 * `data` as the page holds it (text, a number, a checkbox's boolean; null or absent = no answer).
 * `entityID` is ignored: the answer belongs to the record the page makes.
 */
export const ZPublicCustomAnswer = z
  .object({
    customAttributeID: ZId,
    data: z
      .union([z.string().max(2000, 'must be at most 2000 characters'), z.number(), z.boolean(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined ? null : String(v))),
    entityID: z.unknown().optional(),
  })
  .loose();

/** The set-up's public code (or its id), as the links carry it. */
const ZCheckinKey = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is not a check-in code');

// ---------------------------------------------------------------- the event

/** GET /api/publiccontent/WebCheckInGetEventDetails?checkinId= : the set-up's code (its id is accepted too). */
export const ZWebCheckInEventQuery = z.object({ checkinId: ZCheckinKey });

/** A group of the set-up, as the page offers it ('Add to group'). */
export const ZCheckinGroup = z.object({ id: z.uuid(), name: z.string() });

/**
 * The check-in event (bare; spec §3 'Check-in event (public)'): `id` the set-up's id (the
 * existing client sends it back as the search's `checkinId`), `eventDate` the event's day
 * 'YYYY-MM-DDT00:00:00' (no zone: the client parses it with new Date()), `checkInCutOffTime` an
 * ISO instant ('…Z') or null (no cut-off). Steward's page also reads `isClosed` (now at or after
 * the cut-off, by the server's clock), the church's name and logo, and the set-up's groups.
 */
export const ZWebCheckInEvent = z.object({
  id: z.uuid(),
  tenantID: z.uuid(),
  attendanceCode: z.string(),
  fullEventName: z.string(),
  eventDate: z.string(),
  checkInCutOffTime: z.string().nullable(),
  isClosed: z.boolean(),
  churchName: z.string(),
  churchLogo: z.string().nullable(),
  groups: z.array(ZCheckinGroup),
});
export type TWebCheckInEvent = z.infer<typeof ZWebCheckInEvent>;

// ---------------------------------------------------------------- the phone search

/**
 * GET /searchmemberbyphone?searchtext=&&checkinId= (root path; the existing client's `&&`):
 * `searchtext` the phone as typed (11+ digits), `checkinId` the set-up's id as
 * WebCheckInGetEventDetails gave it (the public code is accepted too).
 */
export const ZSearchByPhoneQuery = z.object({ searchtext: ZPhoneText, checkinId: ZCheckinKey });

/** A group the person is in (`groupsBelongingTo` item): one of the set-up's groups. */
export const ZBelongingGroup = z.object({ groupId: z.uuid(), name: z.string() });
/** A group of the set-up (`avaliableGroups` item; `id` = `groupId`, the group's id, what peopleInGroups sends back). */
export const ZAvailableGroup = z.object({ id: z.uuid(), groupId: z.uuid(), name: z.string() });
export type TAvailableGroup = z.infer<typeof ZAvailableGroup>;

/**
 * One answer of the phone search (spec §3 'Person found by phone (check-in)'). A found person:
 * `personId` set, `name`, `email`, `address` MASKED with asterisks ('Jo** Ad****',
 * 'a***@g****.com'; '' when the person has none), `dayOfBirth` / `monthOfBirth` always null (a
 * birthday is not revealed either: `hasBirthday` tells whether one is on record),
 * `groupsBelongingTo` the set-up's groups the person is already in. No match: a single entry
 * with `personId` null and empty values, so that the form still offers the set-up's groups
 * (`avaliableGroups`), which the existing client reads from [0] in both cases.
 */
export const ZPhoneMatch = z.object({
  personId: z.uuid().nullable(),
  ...ZMaskedPerson.shape,
  groupsBelongingTo: z.array(ZBelongingGroup),
  avaliableGroups: z.array(ZAvailableGroup),
});
export type TPhoneMatch = z.infer<typeof ZPhoneMatch>;
export const ZPhoneMatches = z.array(ZPhoneMatch);

// ---------------------------------------------------------------- the submission

/**
 * The submission's person (spec §3 'Check-in submission'): a found person by `personId` (name and
 * e-mail are never taken from a masked form: `email` and `homeAddress` are used only when the
 * person has none on record), or a new person by `firstName` (the full name as typed: split into
 * first and last name when `lastName` is not given). `mobilePhone` is required (the number
 * searched). `peopleInGroups` are groups of the set-up to join (`id` = the group's id).
 */
export const ZCheckinPerson = z
  .object({
    personId: z
      .union([z.literal(''), z.null(), ZId])
      .optional()
      .transform((v) => (v === '' || v === null || v === undefined ? null : v.toLowerCase())),
    firstName: optionalText(100),
    lastName: optionalText(100),
    mobilePhone: ZPhoneText,
    email: optionalText(254).refine((v) => v === '' || EMAIL_PATTERN.test(v), { message: 'must be an e-mail address' }),
    homeAddress: optionalText(300),
    peopleInGroups: z
      .array(z.object({ id: ZId }).loose(), { error: 'must be a list of groups' })
      .max(50, 'choose at most 50 groups')
      .nullish()
      .transform((v) => [...new Set((v ?? []).map((g) => g.id.toLowerCase()))]),
    monthOfBirth: optionalInt(1, 12),
    dayOfBirth: optionalInt(1, 31),
  })
  .loose()
  .superRefine((p, ctx) => {
    if (!p.personId && p.firstName === '')
      ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'Enter your name' });
    if (p.dayOfBirth !== null && p.monthOfBirth !== null) {
      // 2024: a leap year, so 29 February is a birthday
      const last = new Date(Date.UTC(2024, p.monthOfBirth, 0)).getUTCDate();
      if (p.dayOfBirth > last)
        ctx.addIssue({ code: 'custom', path: ['dayOfBirth'], message: `must be at most ${last} in that month` });
    }
  });

/** One custom field answer of the check-in: a field of entity 5 (CheckInAttendance); see ZPublicCustomAnswer. */
export const ZCheckinCustomAnswer = ZPublicCustomAnswer;

/**
 * POST /MarkAttendance (root path) body (existing-client-api §4.2): the person, the set-up's
 * public `attendanceCode`, and the custom field answers.
 */
export const ZMarkAttendanceRequest = z
  .object({
    person: ZCheckinPerson,
    attendanceCode: z
      .union([z.string(), z.number()], { error: 'is required' })
      .transform((v) => String(v).trim())
      .pipe(z.string().min(1, 'is required').max(64, 'is not a check-in code')),
    customAttributeData: z
      .array(ZCheckinCustomAnswer, { error: 'must be a list of answers' })
      .max(100, 'at most 100 answers')
      .nullish()
      .transform((v) => v ?? []),
  })
  .loose();
export type TMarkAttendanceRequest = z.input<typeof ZMarkAttendanceRequest>;
export type TMarkAttendance = z.output<typeof ZMarkAttendanceRequest>;

/**
 * The answer (the existing client only checks for success): `response` the success text (or
 * PUBLIC_CHECKIN_MESSAGES.alreadyCheckedIn), `returnObject` the event and when the person was
 * checked in (ISO instant). No personal data.
 */
export const ZMarkAttendanceAnswer = ZEnvelope(
  z.object({
    attendanceCode: z.string(),
    fullEventName: z.string(),
    alreadyCheckedIn: z.boolean(),
    checkInTime: z.string(),
  }),
);
export type TMarkAttendanceAnswer = z.infer<typeof ZMarkAttendanceAnswer>;
