import { z } from 'zod';
import { ZEnvelope, ZId } from './common.ts';

/*
 * The attendance report and marking page (issue 11 'Admin', third bullet; existing-client-api
 * §4.1 from 'AttendanceReport' on, §4.3's MarkAttendance / CheckOut). The existing client's
 * fields keep its spelling (`peopoleAttendancesDTOs`, `checkedinOption`); the fields after them
 * are Steward's own marking page's.
 */

/** The attendance types of GET /GetAttendanceType (head counts on the marking page): a fixed list. */
export const ATTENDANCE_TYPES = [
  { id: 1, name: 'Adults' },
  { id: 2, name: 'Children' },
  { id: 3, name: 'Men' },
  { id: 4, name: 'Women' },
  { id: 5, name: 'Youth' },
  { id: 6, name: 'First timers' },
  { id: 7, name: 'Online' },
] as const;

/** GET /GetAttendanceType item: bare `{id, name}` (existing-client-api §4.1, §5.3). */
export const ZAttendanceType = z.object({ id: z.number().int(), name: z.string() });
export type TAttendanceType = z.infer<typeof ZAttendanceType>;

/**
 * How a person was checked in, as the report's 'Channel' column shows it (`checkedinOption`),
 * by attendance_records.check_in_channel: 0 admin, 1 public web page, 2 child check-in at the
 * door, 3 family portal (pre-checked in).
 */
export const CHECKED_IN_OPTIONS = ['Admin', 'Web', 'Child check-in', 'Family portal'] as const;

/** GET /api/CheckInAttendance/AttendanceReport?id= (the check-in set-up's id). */
export const ZAttendanceReportQuery = z.object({ id: ZId });

/** GET api/CheckInAttendance/revealParentNumber?personId= */
export const ZRevealPhoneQuery = z.object({ personId: ZId });

/** How a registration stands with its fee (REGISTRATION_PAYMENT_LABELS gives the page's words). */
export const REGISTRATION_PAYMENT_STATES = ['paid', 'unpaid', 'pending', 'free'] as const;
export type TRegistrationPaymentState = (typeof REGISTRATION_PAYMENT_STATES)[number];
export const REGISTRATION_PAYMENT_LABELS: Record<TRegistrationPaymentState, string> = {
  paid: 'Paid',
  unpaid: 'Unpaid',
  pending: 'Pending payment',
  free: 'Free',
};

/**
 * A report person's registration (issue 12 'Admin': who, wards, paid or not):
 * - `status`: 'registered', or 'pending_payment' while a paid registration's hold waits for the
 *   payment (such a person is listed with `isRegistered` false and cannot be marked yet);
 * - `registeredById` / `registeredByName`: a ward's registrant (null for the registrant);
 * - `payment`: paid (giving's payment succeeded), unpaid (the event takes a fee and none was
 *   settled), pending (hold waiting for the payment) or free;
 * - `amount`: decimal in `currency` (ISO 4217): the payment's amount on the payer's row (it covers
 *   the wards registered with them, who show null), the fee per person when unpaid, null when free;
 * - `registeredAt`: ISO 8601 instant.
 */
export const ZPersonRegistration = z.object({
  id: z.uuid(),
  status: z.enum(['registered', 'pending_payment']),
  registeredById: z.uuid().nullable(),
  registeredByName: z.string().nullable(),
  payment: z.enum(REGISTRATION_PAYMENT_STATES),
  amount: z.number().nullable(),
  currency: z.string(),
  registeredAt: z.string(),
});
export type TPersonRegistration = z.infer<typeof ZPersonRegistration>;

/**
 * One person of the report (`peopoleAttendancesDTOs` item). Everyone registered for the set-up
 * (event_registrations, not cancelled) or with an attendance record appears once.
 *
 * - `id`: the person's attendance id, what MarkAttendance / CheckOut / Delete take as
 *   `personAttendanceID`: the attendance record's id, or the registration's id for a registered
 *   person with no record yet (both are accepted by those calls).
 * - `attendanceID`: the check-in set-up's id (the client sends it back as `checkInAttendanceID`).
 * - `phone`: always null here: phone numbers are not sent in the list (the page can be on a
 *   kiosk tablet at the door); `maskedPhone` shows the last 4 digits and revealParentNumber
 *   gives the number to a signed-in user on request (the client's 'view phone' link).
 * - `isPresent`: checked in and not pre-checked-in only (checkInTime set), whether or not
 *   checked out since; `isCheckedOut`: checked out.
 * - `checkedinOption`: one of CHECKED_IN_OPTIONS, '' when not present.
 * - times are ISO 8601 date-times (UTC) or null.
 */
export const ZAttendancePerson = z.object({
  id: z.uuid(),
  attendanceID: z.uuid(),
  personID: z.uuid(),
  name: z.string(),
  address: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  isPresent: z.boolean(),
  isRegistered: z.boolean(),
  isCheckedOut: z.boolean(),
  checkedinOption: z.string(),
  checkInTime: z.string().nullable(),
  // Steward's marking page
  /** the attendance record's id, null for a registered person not yet marked */
  recordId: z.uuid().nullable(),
  /** pre-checked in from the family portal, not yet at the door */
  isPreCheckedIn: z.boolean(),
  /** attendance_records.check_in_channel (0-3), null without a record */
  checkInChannel: z.number().int().nullable(),
  checkOutTime: z.string().nullable(),
  /** who brought the child (a person's name) or, failing that, the user who marked it; null when unknown */
  checkedInBy: z.string().nullable(),
  /** the user (or person) who checked out; null when unknown or not checked out */
  checkedOutBy: z.string().nullable(),
  /** a child's room: one of the set-up's groups */
  groupId: z.uuid().nullable(),
  groupName: z.string().nullable(),
  /** the child check-in's security code (4 characters), null for none */
  securityCode: z.string().nullable(),
  /** e.g. '*******1234'; '' when the person has no phone */
  maskedPhone: z.string(),
  hasPhone: z.boolean(),
  pictureUrl: z.string().nullable(),
  /**
   * the person's answers to the check-in questions (custom fields of entity 5, given when checking in)
   * and to the registration questions (entity 4, given when registering)
   */
  customAttributeData: z.array(z.object({ customAttributeID: z.uuid(), data: z.string() })),
  /** the person's registration for the event (issue 12 'Admin'); null when not registered */
  registration: ZPersonRegistration.nullable(),
});
export type TAttendancePerson = z.infer<typeof ZAttendancePerson>;

/**
 * One offering item of the event (`offerings` item): the offering rows recorded in the offerings
 * module for the set-up's event (activity), summed in SQL per item. `amount` is a decimal in
 * the church currency (rows of another currency converted at the latest stored rate; a
 * currency without a rate is left out and listed in the report's `offeringUnconverted`).
 * `id` = `financialContributionID` (the item's id; the client only sends it back).
 */
export const ZReportOffering = z.object({
  id: z.uuid(),
  financialContributionID: z.uuid(),
  amount: z.number(),
  // Steward's marking page
  name: z.string(),
  /** offering rows counted */
  count: z.number().int(),
});
export type TReportOffering = z.infer<typeof ZReportOffering>;

/**
 * One head count (`attendances` item): `attendanceTypeID` of GET /GetAttendanceType and its
 * number. `id` is the attendance type id too (a head count has no id of its own; the client
 * only sends it back).
 */
export const ZReportHeadCount = z.object({
  id: z.number().int(),
  attendanceTypeID: z.number().int(),
  number: z.number().int(),
  // Steward's marking page
  name: z.string(),
});
export type TReportHeadCount = z.infer<typeof ZReportHeadCount>;

/** A custom field answer of the set-up (`customAttributeData` item): fields of entity 3 or 5. */
export const ZReportCustomData = z.object({
  customAttributeID: z.uuid(),
  data: z.string(),
  entityID: z.uuid(),
});

/**
 * GET /api/CheckInAttendance/AttendanceReport?id= answer: bare (existing-client-api §4.1).
 * `eventName`, `eventDate` ('YYYY-MM-DD'; `date` the same), `status`/`title`/`details`/`note`
 * as saved by UpdateCheckInAttendance ('' when none), `bannerImage` the set-up's banner URL
 * ('' when none), `id` the set-up's id.
 * Steward's marking page also reads: the totals (`presentCount`, `registeredCount`,
 * `checkedOutCount`, `headCountTotal` = sum of the head counts, `offeringTotal` in the church
 * currency `currency`, `offeringUnconverted` the currencies left out of it for want of a rate),
 * the event's id and the set-up's public code.
 */
export const ZAttendanceReport = z.object({
  eventName: z.string(),
  date: z.string(),
  eventDate: z.string(),
  status: z.string(),
  details: z.string(),
  title: z.string(),
  bannerImage: z.string(),
  id: z.uuid(),
  note: z.string(),
  peopoleAttendancesDTOs: z.array(ZAttendancePerson),
  offerings: z.array(ZReportOffering),
  attendances: z.array(ZReportHeadCount),
  customAttributeData: z.array(ZReportCustomData),
  // Steward's marking page
  activityId: z.uuid(),
  attendanceCode: z.string(),
  presentCount: z.number().int(),
  registeredCount: z.number().int(),
  checkedOutCount: z.number().int(),
  headCountTotal: z.number().int(),
  offeringTotal: z.number(),
  /** ISO 4217 code of the church currency */
  currency: z.string(),
  offeringUnconverted: z.array(z.string()),
});
export type TAttendanceReport = z.infer<typeof ZAttendanceReport>;

const ZName = (what: string) => z.string().trim().max(80, `${what} must be at most 80 characters`);

/**
 * A person as the marking page adds them (`NewMember.vue`: Surname, Firstname, Phone number,
 * Email; the client sends the form once either name is filled): created, then checked in.
 */
export const ZMarkNewPerson = z
  .object({
    firstName: ZName('first name').nullish(),
    lastName: ZName('surname').nullish(),
    mobilePhone: z.string().trim().max(30, 'must be at most 30 characters').nullish(),
    email: z.union([z.literal(''), z.null(), z.email('must be an e-mail address').max(254)]).optional(),
  })
  .strict()
  .refine((p) => Boolean(p.firstName || p.lastName), {
    path: ['firstName'],
    message: 'enter a first name or a surname',
  });

/**
 * POST /api/CheckInAttendance/MarkAttendance body (existing-client-api §4.1, §4.3). One of:
 * - `{checkInAttendanceID, personAttendanceID}`: marks a listed person present (the id of a
 *   report row: an attendance record or a registration);
 * - `{person:{personId}, checkInChannel:0, checkInAttendanceID}`: checks an existing member in;
 * - `{person:{firstName,lastName,mobilePhone,email}, checkInAttendanceID, checkInChannel:0}`:
 *   creates the person, then checks them in;
 * - `{personAttendanceId, isPresent:true, isCheckedIn:true, checkInById}` (child check-in, §4.3):
 *   marks a pre-checked-in record present, `checkInById` the person (parent or guardian) who
 *   brought the child.
 * `personAttendanceID` / `personAttendanceId` and `checkInAttendanceID` / `checkInAttendanceId`
 * are the same fields. `isPresent: false` (Steward's page) marks a listed person absent again
 * (arrival and check-out cleared). `checkInChannel` may only be 0 (an administrator's mark).
 * Answer: a bare string (MARK_MESSAGES), HTTP 200.
 */
export const ZMarkAttendanceRequest = z
  .object({
    checkInAttendanceID: ZId.optional(),
    checkInAttendanceId: ZId.optional(),
    personAttendanceID: ZId.optional(),
    personAttendanceId: ZId.optional(),
    person: z
      .union([z.object({ personId: ZId }).strict(), ZMarkNewPerson.strict()], {
        error: 'must be {personId} or {firstName, lastName, mobilePhone, email}',
      })
      .optional(),
    checkInChannel: z.literal(0, { error: 'must be 0 (an administrator marks the attendance)' }).nullish(),
    isPresent: z.boolean().nullish(),
    isCheckedIn: z.boolean().nullish(),
    checkInById: z.union([z.literal(''), z.null(), ZId]).optional(),
  })
  .superRefine((v, ctx) => {
    const record = v.personAttendanceID ?? v.personAttendanceId;
    const setUp = v.checkInAttendanceID ?? v.checkInAttendanceId;
    if (!record && !v.person)
      ctx.addIssue({ code: 'custom', path: ['personAttendanceID'], message: 'give personAttendanceID or person' });
    if (record && v.person)
      ctx.addIssue({ code: 'custom', path: ['person'], message: 'give personAttendanceID or person, not both' });
    if (v.person && !setUp) ctx.addIssue({ code: 'custom', path: ['checkInAttendanceID'], message: 'is required' });
    if (v.person && v.isPresent === false)
      ctx.addIssue({ code: 'custom', path: ['isPresent'], message: 'a new check-in is always present' });
  })
  .transform((v) => ({
    checkInAttendanceId: v.checkInAttendanceID ?? v.checkInAttendanceId ?? null,
    personAttendanceId: v.personAttendanceID ?? v.personAttendanceId ?? null,
    person: v.person ?? null,
    present: v.isPresent !== false,
    /** the §4.3 child check-in at the door (channel 2) */
    atTheDoor: v.isCheckedIn === true || Boolean(v.checkInById),
    checkInById: v.checkInById ? v.checkInById : null,
  }));
export type TMarkAttendanceRequest = z.input<typeof ZMarkAttendanceRequest>;

/** The strings MarkAttendance answers. */
export const MARK_MESSAGES = {
  checkedIn: 'Checked in successfully',
  alreadyIn: 'Already checked in',
  added: 'Member added and checked in successfully',
  absent: 'Marked absent',
} as const;

/**
 * POST /api/CheckInAttendance/CheckOut body (§4.1 `{checkInAttendanceID, personAttendanceID}`,
 * §4.3 `{personAttendanceId, checkInAttendanceId}`). `isCheckedOut: false` (Steward's page)
 * undoes a check-out. Answer: a bare string (CHECKOUT_MESSAGES); the client special-cases
 * 'User Was Not Checked In Earlier'.
 */
export const ZCheckOutRequest = z
  .object({
    checkInAttendanceID: ZId.optional(),
    checkInAttendanceId: ZId.optional(),
    personAttendanceID: ZId.optional(),
    personAttendanceId: ZId.optional(),
    isCheckedOut: z.boolean().nullish(),
  })
  .superRefine((v, ctx) => {
    if (!(v.personAttendanceID ?? v.personAttendanceId))
      ctx.addIssue({ code: 'custom', path: ['personAttendanceID'], message: 'is required' });
  })
  .transform((v) => ({
    checkInAttendanceId: v.checkInAttendanceID ?? v.checkInAttendanceId ?? null,
    personAttendanceId: (v.personAttendanceID ?? v.personAttendanceId)!,
    checkOut: v.isCheckedOut !== false,
  }));
export type TCheckOutRequest = z.input<typeof ZCheckOutRequest>;

/** The strings CheckOut answers. */
export const CHECKOUT_MESSAGES = {
  checkedOut: 'Checked out successfully',
  alreadyOut: 'Already checked out',
  notIn: 'User Was Not Checked In Earlier',
  undone: 'Check-out undone',
} as const;

/**
 * POST /api/CheckinAttendance/MarkAllAttendance body: `checkin` true marks the listed people
 * present (all registered or expected people when the list is empty), false checks the listed
 * people out (all present people when empty). At most 5,000 ids.
 * Answer: the envelope with `returnObject.affected`, the number of people changed.
 */
export const ZMarkAllRequest = z.object({
  checkInAttendanceID: ZId,
  checkin: z.boolean({ error: 'must be true or false' }),
  personAttendanceIDs: z.array(ZId).max(5000, 'at most 5000 at once').nullish(),
});
export type TMarkAllRequest = z.input<typeof ZMarkAllRequest>;
export const ZMarkAllResponse = ZEnvelope(z.object({ affected: z.number().int() }));

/**
 * DELETE /api/CheckInAttendance/DeletePersonEventAttendance?id=&checkInAttendanceId=: removes a
 * person from the event's list: the attendance record is deleted and a registration cancelled.
 * Answer: the envelope (truthy), `returnObject` null.
 */
export const ZDeletePersonAttendanceQuery = z.object({ id: ZId, checkInAttendanceId: ZId });

/** A count as the client sends it: a whole number ≥ 0 (or its text). */
const ZCount = z.union([z.number(), z.string()], { error: 'must be a whole number' }).transform((v, ctx) => {
  const s = String(v).trim();
  const n = s === '' ? 0 : Number(s);
  if (!/^\d{0,9}$/.test(s) || !Number.isSafeInteger(n)) {
    ctx.addIssue({ code: 'custom', message: 'must be a whole number of 0 or more' });
    return z.NEVER;
  }
  return n;
});

const ZLooseText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .refine((v) => v === undefined || v === null || v.length <= max, { message: `must be at most ${max} characters` });

/**
 * PUT /api/CheckInAttendance/UpdateCheckInAttendance body (existing-client-api §4.1). Saves
 * `details`, `status`, `title`, `note` (absent = unchanged; null or '' = cleared), the head counts
 * (`attendances`: each type's number replaces the stored one; 0 removes it) and the custom field
 * answers (`customAttributeData`, fields of entity 3 or 5; `entityID`, when given, must be this
 * set-up's id; `data` absent = unchanged, '' = cleared). `eventName`, `eventDate` and
 * `bannerImage` are echoed by the client and not saved here (the set-up page edits them).
 * `offerings` are NOT written: offerings are recorded on the offering screen, where they post to
 * the books. The client sends back the event's totals as it read them, which are accepted; an
 * amount that differs from the recorded total of its item answers 400 naming
 * `offerings.N.amount`, so nothing typed there is silently lost.
 * Answer: the envelope, `returnObject.id` the set-up's id.
 */
export const ZUpdateCheckInAttendanceRequest = z.object({
  id: ZId,
  eventName: z.unknown().optional(),
  eventDate: z.unknown().optional(),
  bannerImage: z.unknown().optional(),
  offerings: z
    .array(
      z.object({
        id: z.unknown().optional(),
        financialContributionID: z.unknown().optional(),
        amount: z.union([z.number(), z.string(), z.null()]).optional(),
      }),
    )
    .nullish(),
  details: ZLooseText(5000),
  status: ZLooseText(100),
  title: ZLooseText(200),
  note: ZLooseText(5000),
  attendances: z
    .array(
      z.object({
        id: z.unknown().optional(),
        attendanceTypeID: z
          .union([z.number(), z.string()], { error: 'must be an attendance type id' })
          .transform((v, ctx) => {
            const n = Number(String(v).trim());
            if (!ATTENDANCE_TYPES.some((t) => t.id === n)) {
              ctx.addIssue({ code: 'custom', message: 'must be an attendance type id' });
              return z.NEVER;
            }
            return n;
          }),
        number: ZCount,
      }),
    )
    .max(50)
    .nullish(),
  customAttributeData: z
    .array(
      z.object({
        customAttributeID: ZId,
        data: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
        entityID: z.union([z.literal(''), z.null(), ZId]).optional(),
      }),
    )
    .max(200)
    .nullish(),
});
export type TUpdateCheckInAttendanceRequest = z.input<typeof ZUpdateCheckInAttendanceRequest>;
export const ZUpdateCheckInAttendanceResponse = ZEnvelope(z.object({ id: z.uuid() }));

/** The envelope DeletePersonEventAttendance answers. */
export const ZDeletePersonAttendanceResponse = ZEnvelope(z.null());
