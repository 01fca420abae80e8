import { z } from 'zod';
import { ZEnvelope, ZId, ZOptionalId, ZPaged } from './common.ts';

/*
 * Attendance set-up (issue 11 'Admin'; giving-attendance-and-settings spec 2.9, 2.10, §3-§5, §7,
 * §8; existing-client-api §4.1 first bullets): one check-in / registration set-up of an event,
 * its list, delete, check-out of everyone still present, the multipart create / edit, the edit
 * screen's read and the check-in type page's links and QR codes. Field names are the existing
 * client's, mixed casing included (`checkinSMS` but `checkInSMSSubject`, `Id` on edit).
 */

/** Texts of the set-up screens (spec §8, 2.10), misspellings corrected (DESIGN.md). */
export const ATTENDANCE_SETUP_MESSAGES = {
  /** the answer of Delete/Multiple and the list's success toast (the client checks it contains 'attendance') */
  deleted: 'Attendance(s) deleted successfully.',
  deleteTooltip: 'Delete attendance(s)',
  deleteNetwork: 'Please ensure you have a strong internet connection',
  deleteTimeout: 'Request took too long to respond',
  deleteFailed: 'Unable to delete attendance',
  deleteRejected: 'You have rejected',
  confirmDeleteTitle: 'Confirm delete',
  confirmDeleteText: 'Are you sure you want to proceed?',
  checkoutFailed: 'Delete Failed, Please Try Again',
  errorGettingItems: 'Error getting items',
  created: 'Attendance created successfully',
  updated: 'Attendance updated successfully',
  accountCheckSuccessful: 'Account Check Successful',
  accountCheckError: 'Account Check Error, Please check your banks details again',
  categoryCreated: 'Category created successfully',
  categoryFailed: 'Category could not be created',
  eventCreated: 'Event created successfully',
  eventFailed: 'Could not create event',
  slotPlaceholder: 'slot available',
} as const;

/**
 * DELETE /api/CheckInAttendance/checkout answer (a bare string the client shows): how many people
 * still checked in at the set-up were checked out.
 */
export function checkoutAllMessage(count: number): string {
  if (count === 0) return 'Nobody was still checked in, so nobody was checked out';
  return count === 1 ? '1 person was checked out successfully' : `${count} people were checked out successfully`;
}

// ---------------------------------------------------------------- the multipart create / edit

/** The multipart field of the banner image (PNG, JPEG, GIF or WebP, checked by content, at most 5 MB). */
export const BANNER_FIELD = 'bannerPhoto';

/**
 * The text fields of the multipart create / edit, as the existing client names them (spec §3
 * 'Attendance check-in form payload'; existing-client-api §4.1). Field names are matched without
 * regard to case (`Id` = `id`, `checkinSMSSubject` = `checkInSMSSubject`). Every field is sent
 * only when set; a value 'null' or 'undefined' (FormData's stringified empties) counts as not
 * sent. On edit a field not sent keeps its stored value and '' clears an optional one.
 *
 * - `activityDate` 'M-D-YYYY' is informational: the event's date is the event's own.
 * - `groupIDs`: a JSON array of group objects `{id, name, …}` (what the client sends) or of ids.
 * - Cut-off times: 'YYYY-MM-DDTHH:mm[:ss]' (datetime-local) in the church's wall time, or with a
 *   zone ('Z', '+01:00'). The church's zone is `timeZone` when sent (an IANA name; Steward's web
 *   app sends the browser's), else its country's zone when the country has one, else UTC.
 * - `checkInSMSSubject` / `registrationSMSSubject` carry the SMS sender ID (the messaging area's
 *   convention: an SMS's subject is its sender ID); empty = the church's approved sender ID.
 * - Paid set-ups (`isPaidFor` 'true'): `amount` in major units of the church currency (> 0),
 *   `bankCode` + `accountNumber` (+ `accountName` as resolved), `incomeAccountId` and
 *   `cashAccountId`; `contributionItemName` (default: the event name) names the offering item
 *   payments are recorded under.
 */
export const ATTENDANCE_SETUP_FIELDS = [
  'id',
  'activityId',
  'activityDate',
  'groupIDs',
  'details',
  'bannerName',
  'registrationSlot',
  'isPaidFor',
  'amount',
  'bankCode',
  'accountNumber',
  'accountName',
  'contributionItemName',
  'incomeAccountId',
  'cashAccountId',
  'registrationSMS',
  'registrationSMSSubject',
  'registrationEmail',
  'registrationEmailSubject',
  'checkinSMS',
  'checkInSMSSubject',
  'checkinEmail',
  'checkinEmailSubject',
  'enableRegistration',
  'registrationCutOffTime',
  'checkInCutOffTime',
  'timeZone',
] as const;
export type TAttendanceSetupField = (typeof ATTENDANCE_SETUP_FIELDS)[number];

/** What a web form puts in the multipart body (all text; the banner goes in BANNER_FIELD). */
export type TAttendanceSetupFormFields = Partial<Record<TAttendanceSetupField, string>>;

const optionalText = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();

const ZBoolText = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === 'true' || v === 'false' || v === '', { message: "must be 'true' or 'false'" })
  .transform((v) => v === 'true');

/** A group as the client sends it inside groupIDs: an object with an id, or the id itself. */
const ZGroupRef = z.union([ZId, z.object({ id: ZId }).loose()]).transform((g) => (typeof g === 'string' ? g : g.id));

/** groupIDs: a JSON text of group objects or ids, at least one, repeats collapsed. */
export const ZGroupIdsText = z.string().transform((v, ctx) => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON list of groups' });
    return z.NEVER;
  }
  const list = z.array(ZGroupRef).max(200, 'choose at most 200 groups').safeParse(parsed);
  if (!list.success) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON list of groups, each with an id' });
    return z.NEVER;
  }
  const ids = [...new Set(list.data.map((id) => id.toLowerCase()))];
  if (ids.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'choose at least one group' });
    return z.NEVER;
  }
  return ids;
});

/** A cut-off time: 'YYYY-MM-DDTHH:mm[:ss]', optionally with 'Z' or an offset; '' = none. */
export const CUT_OFF_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const ZCutOffText = z
  .string()
  .trim()
  .refine((v) => v === '' || CUT_OFF_PATTERN.test(v), {
    message: 'must be a date and time such as 2026-05-03T09:30',
  });

/** A positive whole number of places, or '' for no limit. */
const ZSlotText = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,7}$/.test(v) && Number(v) > 0), { message: 'must be a whole number above 0' })
  .transform((v) => (v === '' ? null : Number(v)));

const ZAmountText = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d[\d,]*(\.\d+)?$/.test(v), { message: 'must be an amount such as 2500 or 2500.50' });

/**
 * The multipart text fields, parsed (after the server has matched names without case and
 * dropped 'null'/'undefined' values). Presence rules (activityId and groupIDs on create, the
 * paid fields when paid) and checks against the church's data are the server's.
 */
export const ZAttendanceSetupFields = z.object({
  id: ZOptionalId.optional(),
  activityId: ZOptionalId.optional(),
  activityDate: optionalText(40),
  groupIDs: ZGroupIdsText.optional(),
  details: optionalText(5000),
  bannerName: optionalText(200),
  registrationSlot: ZSlotText.optional(),
  isPaidFor: ZBoolText.optional(),
  amount: ZAmountText.optional(),
  bankCode: z
    .string()
    .trim()
    .max(20)
    .regex(/^[0-9A-Za-z-]*$/, 'is not a bank code')
    .optional(),
  accountNumber: z
    .string()
    .transform((v) => v.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{0,20}$/, 'must be 6 to 20 digits (a Nigerian account number has 10)'))
    .optional(),
  accountName: optionalText(200),
  contributionItemName: optionalText(120),
  incomeAccountId: ZOptionalId.optional(),
  cashAccountId: ZOptionalId.optional(),
  registrationSMS: optionalText(1600),
  registrationSMSSubject: optionalText(100),
  registrationEmail: optionalText(20000),
  registrationEmailSubject: optionalText(300),
  checkinSMS: optionalText(1600),
  checkInSMSSubject: optionalText(100),
  checkinEmail: optionalText(20000),
  checkinEmailSubject: optionalText(300),
  enableRegistration: ZBoolText.optional(),
  registrationCutOffTime: ZCutOffText.optional(),
  checkInCutOffTime: ZCutOffText.optional(),
  timeZone: optionalText(64),
});
export type TAttendanceSetupFields = z.output<typeof ZAttendanceSetupFields>;

// ---------------------------------------------------------------- answers of create / edit

/** One set-up as CreateAttendanceCheckIn answers it (the client reads id and attendanceCode). */
export const ZAttendanceSetupResult = z.object({
  id: z.uuid(),
  attendanceCode: z.string(),
  eventID: z.uuid(),
  fullEventName: z.string(),
  eventDate: z.string(),
  groupID: z.uuid().nullable(),
  fullGroupName: z.string(),
  paymentFormId: z.uuid().nullable(),
});
export type TAttendanceSetupResult = z.infer<typeof ZAttendanceSetupResult>;

/** POST api/CheckInAttendance/CreateAttendanceCheckIn answer: `returnObject.checkInAttendanceResult[0]`. */
export const ZAttendanceSetupCreated = ZEnvelope(
  z.object({ checkInAttendanceResult: z.array(ZAttendanceSetupResult) }),
);
export type TAttendanceSetupCreated = z.infer<typeof ZAttendanceSetupCreated>;

/** PUT /api/CheckInAttendance/EditAttendanceCheckIn answer: bare (the client reads res.data.response). */
export const ZAttendanceSetupEdited = z.object({
  status: z.literal(true),
  response: z.string(),
  id: z.uuid(),
  attendanceCode: z.string(),
});
export type TAttendanceSetupEdited = z.infer<typeof ZAttendanceSetupEdited>;

// ---------------------------------------------------------------- the list

/**
 * GET /api/CheckInAttendance/AllCheckInAttendances?page=N[&searchText=]: 50 a page, newest event
 * first (then newest set-up); `searchText` matches the event name (any case, anywhere in it).
 */
export const ZAttendanceSetupListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  searchText: z.string().trim().max(200).optional(),
});
export type TAttendanceSetupListQuery = z.input<typeof ZAttendanceSetupListQuery>;

/** The list's page size (spec §9). */
export const ATTENDANCE_PAGE_SIZE = 50;

export const ZAttendanceGroup = z.object({ id: z.uuid(), name: z.string() });
export type TAttendanceGroup = z.infer<typeof ZAttendanceGroup>;

/**
 * A list row (spec §3 'Attendance list item'): `eventDate` 'YYYY-MM-DDT00:00:00' (the event's
 * day, no zone, as the client parses it with new Date()); `groupID` the first group's id and
 * `fullGroupName` the set-up's group names joined with ', ' (by name); `groups` all of them.
 */
export const ZAttendanceSetupListItem = z.object({
  id: z.uuid(),
  eventID: z.uuid(),
  fullEventName: z.string(),
  eventDate: z.string(),
  groupID: z.uuid().nullable(),
  fullGroupName: z.string(),
  attendanceCode: z.string(),
  groups: z.array(ZAttendanceGroup),
  isPaidFor: z.boolean(),
  checkInCutOffTime: z.string().nullable(),
  registrationCutOffTime: z.string().nullable(),
});
export type TAttendanceSetupListItem = z.infer<typeof ZAttendanceSetupListItem>;
export const ZAttendanceSetupList = ZPaged(ZAttendanceSetupListItem);
export type TAttendanceSetupList = z.infer<typeof ZAttendanceSetupList>;

// ---------------------------------------------------------------- delete, check-out

/** POST /api/CheckInAttendance/Delete/Multiple body: the set-ups' ids. Answer: a bare string. */
export const ZAttendanceDeleteMultiple = z.array(ZId).min(1, 'choose at least one attendance').max(500);
export const ZAttendanceDeleteAnswer = z.string();

/** DELETE /api/CheckInAttendance/checkout?attendanceId= : checks out everyone still checked in. */
export const ZAttendanceCheckoutQuery = z.object({ attendanceId: ZId });
export const ZAttendanceCheckoutAnswer = z.string();

// ---------------------------------------------------------------- the edit screen's read

/** GET /api/CheckInAttendance/GetSingleAttendanceCheckIn?checkInAttendanceId= */
export const ZSingleAttendanceQuery = z.object({ checkInAttendanceId: ZId });

/**
 * returnObject.attendanceItem: what the existing client reads (`fullEventName`, `eventDate`) and
 * everything Steward's edit screen prefills. Cut-offs are ISO instants ('…Z'); `amount` is in
 * major units of `currency`; the SMS subjects are sender IDs.
 */
export const ZAttendanceSetupDetail = z.object({
  id: z.uuid(),
  attendanceCode: z.string(),
  eventID: z.uuid(),
  activityId: z.uuid(),
  fullEventName: z.string(),
  eventDate: z.string(),
  groups: z.array(ZAttendanceGroup),
  groupID: z.uuid().nullable(),
  fullGroupName: z.string(),
  details: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  bannerName: z.string().nullable(),
  registrationSlot: z.number().int().nullable(),
  isPaidFor: z.boolean(),
  amount: z.number().nullable(),
  currency: z.string(),
  bankCode: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  incomeAccountId: z.uuid().nullable(),
  cashAccountId: z.uuid().nullable(),
  paymentFormId: z.uuid().nullable(),
  contributionItemId: z.uuid().nullable(),
  contributionItemName: z.string().nullable(),
  registrationSMS: z.string().nullable(),
  registrationSMSSubject: z.string().nullable(),
  registrationEmail: z.string().nullable(),
  registrationEmailSubject: z.string().nullable(),
  checkinSMS: z.string().nullable(),
  checkInSMSSubject: z.string().nullable(),
  checkinEmail: z.string().nullable(),
  checkinEmailSubject: z.string().nullable(),
  enableRegistration: z.boolean(),
  registrationCutOffTime: z.string().nullable(),
  checkInCutOffTime: z.string().nullable(),
  createdAt: z.string(),
});
export type TAttendanceSetupDetail = z.infer<typeof ZAttendanceSetupDetail>;
export const ZSingleAttendanceAnswer = ZEnvelope(z.object({ attendanceItem: ZAttendanceSetupDetail }));
export type TSingleAttendanceAnswer = z.infer<typeof ZSingleAttendanceAnswer>;

// ---------------------------------------------------------------- the check-in type page

/**
 * GET /api/CheckInAttendance/AttendanceItem?attendanceCode= : every existing caller passes the
 * set-up's id; the attendance code is accepted too.
 */
export const ZAttendanceItemQuery = z.object({
  attendanceCode: z.string().trim().min(1, 'is required').max(64),
});

/**
 * The check-in type page's data (bare). Links: `attendanceCheckinLink` `{origin}/checkin/e/{code}`,
 * `attendanceRegistrationLink` `{origin}/event/{code}`, `childCheckinLink`
 * `{origin}/childcheckin/{tenantID}`; `qrCodeCheckin` / `qrCodeRegistration` are
 * `data:image/png;base64,` QR codes of those links and `qrCode` = `qrCodeCheckin`. Steward has no
 * SMS or USSD check-in: `smsNumber` and `ussdCode` are ''.
 */
export const ZAttendanceItem = z.object({
  id: z.uuid(),
  eventID: z.uuid(),
  tenantID: z.uuid(),
  attendanceCode: z.string(),
  smsNumber: z.string(),
  ussdCode: z.string(),
  qrCode: z.string(),
  fullEventName: z.string(),
  eventDate: z.string(),
  groupID: z.uuid().nullable(),
  fullGroupName: z.string(),
  paymentFormId: z.uuid().nullable(),
  isPaidFor: z.boolean(),
  checkInCutOffTime: z.string().nullable(),
  registrationCutOffTime: z.string().nullable(),
  qrCodeRegistration: z.string(),
  qrCodeCheckin: z.string(),
  attendanceRegistrationLink: z.string(),
  attendanceCheckinLink: z.string(),
  childCheckinLink: z.string(),
});
export type TAttendanceItem = z.infer<typeof ZAttendanceItem>;
