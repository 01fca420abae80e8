import { z } from 'zod';
import { ZDate, ZEnvelope, ZId, ZOptionalId } from './common.ts';

/*
 * Child check-in at the door (issue 11 'Child check-in, for real'; spec 2.15): Steward's own calls
 * under /api/ChildCheckin/… used by the kiosk / volunteer screen, and the existing client's calls
 * of existing-client-api §4.3 (retrieveFamily, familyGuidians).
 */

/** Family roles (GET /getfamilyroles ids) that make a family member a child at check-in: Son, Daughter, Ward. */
export const CHILD_FAMILY_ROLES = [3, 4, 5] as const;
/** Family roles who may bring and pick up children (familyGuidians): Father, Mother, Guardian. */
export const GUARDIAN_FAMILY_ROLES = [1, 2, 6] as const;

/**
 * A security code as typed or scanned: 1-20 characters (spaces and dashes are ignored, case does
 * not matter); the server checks it against the 4-character alphabet of the labels.
 */
export const ZSecurityCodeInput = z
  .string({ error: 'Enter the security code printed on the label' })
  .trim()
  .min(1, 'Enter the security code printed on the label')
  .max(20, 'A security code has 4 characters');

/** A room of a check-in set-up: one of its groups. */
export const ZChildCheckinRoom = z.object({ id: ZId, name: z.string() });
export type TChildCheckinRoom = z.infer<typeof ZChildCheckinRoom>;

/** GET /api/ChildCheckin/events query: `date` is the kiosk's own date (default: today, UTC). */
export const ZChildCheckinEventsQuery = z.object({ date: ZDate.optional() });

/**
 * GET /api/ChildCheckin/events item: an open check-in set-up (not deleted, check-in cut-off not
 * passed) with its rooms. `eventDate` 'YYYY-MM-DD'; `checkInCutOffTime` ISO timestamp or null.
 */
export const ZChildCheckinEvent = z.object({
  checkInAttendanceId: ZId,
  activityId: ZId,
  eventName: z.string(),
  eventDate: z.string(),
  checkInCutOffTime: z.string().nullable(),
  /** the event is on the kiosk's date */
  isToday: z.boolean(),
  rooms: z.array(ZChildCheckinRoom),
});
export type TChildCheckinEvent = z.infer<typeof ZChildCheckinEvent>;

/**
 * GET /api/ChildCheckin/families query: `search` is a phone number (7 or more digits: matched on
 * its last 10 digits) or a name (2 or more letters: family name or a member's first or last
 * name); `checkInAttendanceId` adds each member's status at that set-up.
 */
export const ZChildCheckinFamiliesQuery = z.object({
  search: z
    .string({ error: 'Enter a phone number or a family name' })
    .trim()
    .min(2, 'Enter a phone number or a family name')
    .max(60, 'Use at most 60 characters'),
  checkInAttendanceId: ZOptionalId.optional(),
});

/** A member's attendance at the set-up asked about: present (checked in) or checked out. */
export const ZChildCheckinStatus = z.object({
  attendanceRecordId: ZId,
  childCheckinId: ZId.nullable(),
  roomId: ZId.nullable(),
  roomName: z.string().nullable(),
  /** ISO timestamp; null = pre-checked in from the family portal, not yet at the door */
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
});
export type TChildCheckinStatus = z.infer<typeof ZChildCheckinStatus>;

/** A member of a family found for check-in. */
export const ZChildCheckinMember = z.object({
  personId: ZId,
  firstName: z.string(),
  lastName: z.string(),
  familyRoleId: z.number().int(),
  familyRole: z.string(),
  /** roles 3, 4, 5: checked in to a room */
  isChild: z.boolean(),
  /** roles 1, 2, 6: may bring and pick up the children */
  isGuardian: z.boolean(),
  mobilePhone: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  /** allergies and care notes, printed on the child's label */
  careNotes: z.string().nullable(),
  status: ZChildCheckinStatus.nullable(),
});
export type TChildCheckinMember = z.infer<typeof ZChildCheckinMember>;

/** GET /api/ChildCheckin/families item. */
export const ZChildCheckinFamily = z.object({
  familyId: ZId,
  familyName: z.string(),
  homePhone: z.string().nullable(),
  /** guardians first (father, mother, guardian), then the children, by first name */
  members: z.array(ZChildCheckinMember),
});
export type TChildCheckinFamily = z.infer<typeof ZChildCheckinFamily>;

/**
 * POST /api/ChildCheckin/checkin body: the children of `familyId` present, each with a room (one
 * of the set-up's groups) and optionally updated care notes; `checkedInByPersonId` is the adult
 * of the family who brought them.
 */
export const ZChildCheckinRequest = z.object({
  checkInAttendanceId: ZId,
  familyId: ZId,
  checkedInByPersonId: ZOptionalId.optional(),
  children: z
    .array(
      z.object({
        personId: ZId,
        groupId: ZId,
        /** replaces the child's care notes when given ('' clears them) */
        careNotes: z.string().trim().max(300, 'Use at most 300 characters').optional(),
      }),
      { error: 'Tick the children who are here' },
    )
    .min(1, 'Tick the children who are here')
    .max(20, 'Check in at most 20 children at a time'),
});
export type TChildCheckinRequest = z.input<typeof ZChildCheckinRequest>;

/** One child's label (and the line on the parent's pickup label). */
export const ZChildLabel = z.object({
  attendanceRecordId: ZId,
  personId: ZId,
  firstName: z.string(),
  lastName: z.string(),
  room: z.string().nullable(),
  careNotes: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
});
export type TChildLabel = z.infer<typeof ZChildLabel>;

/**
 * The labels of one child check-in (GET /api/ChildCheckin/labels, and the check-in's answer): one
 * per child and one parent pickup label, all with the same security code and its QR code (a PNG
 * data URL encoding the code itself, so a scanner types the code).
 */
export const ZChildCheckinLabels = z.object({
  childCheckinId: ZId,
  securityCode: z.string(),
  qrCode: z.string(),
  churchName: z.string(),
  churchLogoUrl: z.string().nullable(),
  checkInAttendanceId: ZId,
  eventName: z.string(),
  /** 'YYYY-MM-DD' */
  eventDate: z.string(),
  /** ISO timestamp */
  checkedInAt: z.string(),
  familyId: ZId.nullable(),
  familyName: z.string().nullable(),
  checkedInBy: z.object({ personId: ZId, name: z.string(), phone: z.string().nullable() }).nullable(),
  children: z.array(ZChildLabel),
});
export type TChildCheckinLabels = z.infer<typeof ZChildCheckinLabels>;

/** POST /api/ChildCheckin/checkin answer: 'Checked in' and the labels. */
export const ZChildCheckinResponse = ZEnvelope(ZChildCheckinLabels);

/** GET /api/ChildCheckin/labels query. */
export const ZChildCheckinLabelsQuery = z.object({ childCheckinId: ZId });

/** A guardian who may pick the children up (check-out's 'Picked up by'). */
export const ZChildCheckinGuardian = z.object({
  personId: ZId,
  name: z.string(),
  familyRoleId: z.number().int(),
  familyRole: z.string(),
  mobilePhone: z.string().nullable(),
  pictureUrl: z.string().nullable(),
});
export type TChildCheckinGuardian = z.infer<typeof ZChildCheckinGuardian>;

/**
 * POST /api/ChildCheckin/lookup body: the code typed or scanned at check-out; `checkInAttendanceId`
 * narrows it to one set-up (else the church's check-ins of today and yesterday, newest first).
 */
export const ZChildCheckoutLookupRequest = z.object({
  code: ZSecurityCodeInput,
  checkInAttendanceId: ZOptionalId.optional(),
});

/** POST /api/ChildCheckin/lookup answer: the check-in the code matches, its children and guardians. */
export const ZChildCheckoutLookup = ZChildCheckinLabels.omit({ qrCode: true }).extend({
  guardians: z.array(ZChildCheckinGuardian),
});
export type TChildCheckoutLookup = z.infer<typeof ZChildCheckoutLookup>;
export const ZChildCheckoutLookupResponse = ZEnvelope(ZChildCheckoutLookup);

/**
 * POST /api/ChildCheckin/checkout body: the code and the children to release (their attendance
 * record ids); `checkedOutByPersonId`, a guardian of the family, is who picked them up.
 */
export const ZChildCheckoutRequest = z.object({
  code: ZSecurityCodeInput,
  attendanceRecordIds: z
    .array(ZId, { error: 'Choose the children to check out' })
    .min(1, 'Choose the children to check out')
    .max(20, 'Check out at most 20 children at a time'),
  checkedOutByPersonId: ZOptionalId.optional(),
});
export type TChildCheckoutRequest = z.input<typeof ZChildCheckoutRequest>;

/** POST /api/ChildCheckin/checkout answer: the children checked out, with the time (ISO). */
export const ZChildCheckoutResponse = ZEnvelope(
  z.object({
    checkedOut: z.array(
      z.object({ attendanceRecordId: ZId, personId: ZId, name: z.string(), checkedOutAt: z.string() }),
    ),
  }),
);
export type TChildCheckoutResponse = z.infer<typeof ZChildCheckoutResponse>;

/*
 * existing-client-api §4.3 (the existing client's child check-in page).
 */

/** GET /api/CheckInAttendance/retrieveFamily query: the security code and the event (activity) id. */
export const ZRetrieveFamilyQuery = z.object({
  checkincode: z.string().trim().max(20, 'A security code has 4 characters').default(''),
  activityId: ZOptionalId.optional(),
});

/** GET /api/CheckInAttendance/retrieveFamily returnObject. */
export const ZRetrievedFamily = z.object({
  family: z.object({ id: ZId.nullable(), homePhone: z.string().nullable() }),
  /** the person id of who brought the children */
  checkInBy: ZId.nullable(),
  registeredMember: z.array(
    z.object({
      /** the attendance record id (personAttendanceId of MarkAttendance / CheckOut) */
      id: ZId,
      checkInAttendanceID: ZId,
      checkedInBy: ZId.nullable(),
      isCheckedIn: z.boolean(),
      isCheckedOut: z.boolean(),
      person: z.object({
        id: ZId,
        firstName: z.string(),
        lastName: z.string(),
        pictureUrl: z.string().nullable(),
      }),
      groupID: ZId.nullable(),
    }),
  ),
  groupsInvolved: z.array(z.object({ id: ZId, fullGroupName: z.string() })),
});
export type TRetrievedFamily = z.infer<typeof ZRetrievedFamily>;

/** retrieveFamily's answer: the envelope; `returnObject` null (falsy) for a wrong code. */
export const ZRetrieveFamilyResponse = ZEnvelope(ZRetrievedFamily.nullable());

/** GET /api/Family/familyGuidians query. */
export const ZFamilyGuardiansQuery = z.object({ familyId: ZId });

/** GET /api/Family/familyGuidians returnObject item: a guardian (roles 1, 2, 6). */
export const ZFamilyGuardian = z.object({
  familyRoleID: z.number().int(),
  person: z.object({
    id: ZId,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    pictureUrl: z.string().nullable(),
  }),
});
export const ZFamilyGuardiansResponse = ZEnvelope(z.array(ZFamilyGuardian));
