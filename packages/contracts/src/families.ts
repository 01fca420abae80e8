import { z } from 'zod';
import { ZEnvelope, ZFieldError, ZId, ZOptionalId } from './common.ts';

/*
 * Families and the family portal (issue 11 'check-in shell', issue 12 'families and wards'):
 * the admin family pages (existing-client-api §5.2), the public family calls of event
 * registration (§5.1) and the check-in shell's calls (§4.4). Field names keep the existing
 * client's spelling (`familyRoleID`, `fatherID`, `tenantID`, `personsinAttendance`).
 *
 * The model: every person of a family has one family_members row (parents included, with role
 * 1 Father or 2 Mother); families.father_id / mother_id name the parents. A person is in at most
 * one family. `familyMembers` in answers lists everyone but the father and the mother, who are
 * answered as `father` / `mother` (the existing client's shell shows 'add your family members'
 * while that list is empty).
 */

/** GET /getfamilyroles ids (family_members.family_role); the existing client hard-codes 6 (Guardian). */
export const FAMILY_ROLE = {
  father: 1,
  mother: 2,
  son: 3,
  daughter: 4,
  ward: 5,
  guardian: 6,
  otherRelative: 7,
} as const;

/** The header Steward's own check-in shell sends the parent's family-portal token in. */
export const FAMILY_TOKEN_HEADER = 'x-family-token';

/** What people read in answers of the family calls (the existing client's own toasts where it has them). */
export const FAMILY_MESSAGES = {
  familyNameRequired: 'Enter the family name',
  familyCreated: 'Family created successfully',
  familyUpdated: 'Family updated successfully',
  familyDeleted: 'Family deleted successfully',
  memberAdded: 'Family member created successfully',
  memberUpdated: 'Family member updated successfully',
  memberRemoved: 'Family member removed successfully',
  personCreated: 'Person created successfully',
  alreadyInAnotherFamily: 'is already a member of another family',
  roleRequired: 'Choose a role (1-7, GET /getfamilyroles)',
  /** RegisterChildren's answer: the existing client looks for "success" in it */
  childrenRegistered: 'Children registered successfully for the event',
  signedIn: 'Signed in successfully',
  registered: 'Your family account was created successfully',
  signInIncorrect: 'Incorrect e-mail, phone number or password',
  registerRefused:
    'We could not create an account with these details. If you already have an account, sign in instead.',
  identifierRequired: 'Enter your e-mail address or phone number',
  familyTokenInvalid: 'Your family sign-in has expired; sign in again',
  parentRoleRequired: 'Choose your role: Father or Mother',
} as const;

/** '' and null mean "clear" (null), an absent key means "leave as is" (undefined). */
const clearable = <T extends z.ZodType>(inner: T) =>
  z
    .union([z.null(), z.literal(''), inner])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : (v as z.output<T>)));

/** Optional text, trimmed; '' / null clear it (null), absent leaves it (undefined). */
export const ZClearableText = (max: number) =>
  clearable(z.string().trim().max(max, `must be at most ${max} characters`));

/** An optional e-mail address; '' / null clear it. */
export const ZClearableEmail = clearable(
  z.string().trim().max(254, 'must be at most 254 characters').pipe(z.email('must be an e-mail address')),
);

/** A picture's address as the upload answers it (absolute http(s) URL or a path on this server). */
export const ZClearablePictureUrl = clearable(
  z
    .string()
    .trim()
    .max(1000, 'must be at most 1000 characters')
    .regex(/^(https?:\/\/|\/)/i, 'must be the address of an uploaded picture'),
);

/** A family role id 1-7 (GET /getfamilyroles), as a number or numeric text. */
export const ZFamilyRoleId = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/, FAMILY_MESSAGES.roleRequired),
    ],
    {
      error: FAMILY_MESSAGES.roleRequired,
    },
  )
  .transform(Number)
  .pipe(z.number().int().min(1, FAMILY_MESSAGES.roleRequired).max(7, FAMILY_MESSAGES.roleRequired));

/** 1-2 (GET /api/LookUp/GetAllLookUps 'Gender'); absent leaves it, ''/null/0 clear it. */
const ZClearableGender = z
  .union([z.null(), z.literal(''), z.literal(0), z.number().int().min(1, 'must be 1 or 2').max(2, 'must be 1 or 2')])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === null || v === '' || v === 0 ? null : v));

/**
 * A birthday day or month as the check-in shell's member form sends it: a number, or numeric
 * text; its unselected placeholders ('Day', 'Month', 'Year', '', null, and month 0 from
 * `indexOf(...) + 1`) mean "not given" (null). Absent leaves it (undefined).
 */
const ZBirthPart = (max: number) =>
  z
    .union([z.null(), z.number(), z.string().trim().max(10)])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === 0 || v === '' || (typeof v === 'string' && /^(day|month|year)$/i.test(v))) return null;
      const n = typeof v === 'number' ? v : /^\d{1,2}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a number from 1 to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const ZFirstName = z
  .string({ error: 'Enter the first name' })
  .trim()
  .min(1, 'Enter the first name')
  .max(80, 'must be at most 80 characters');

/**
 * A person as the family calls send one (§4.4 addFamilyMember / editfamilymember, §5.2
 * editFamilyMember): the names, picture, gender and birthday; `yearOfBirth` is accepted and not
 * kept (Steward records a birthday without its year).
 */
export const ZFamilyPersonInput = z.object({
  id: ZOptionalId.optional(),
  firstName: ZFirstName.optional(),
  lastName: ZClearableText(80),
  pictureUrl: ZClearablePictureUrl,
  genderId: ZClearableGender,
  genderID: ZClearableGender,
  email: ZClearableEmail,
  mobilePhone: ZClearableText(30),
  dayOfBirth: ZBirthPart(31),
  monthOfBirth: ZBirthPart(12),
  yearOfBirth: z.unknown().optional(),
});
export type TFamilyPersonInput = z.output<typeof ZFamilyPersonInput>;

/** A father's or mother's details on the shell's profile page (PUT /api/Family/editProfile, §4.4). */
export const ZParentInput = z.object({
  firstName: ZFirstName.optional(),
  lastName: ZClearableText(80),
  pictureUrl: ZClearablePictureUrl,
  email: ZClearableEmail,
  mobilePhone: ZClearableText(30),
  homeAddress: ZClearableText(300),
});
export type TParentInput = z.output<typeof ZParentInput>;

/** One member of a new family (createFamily). */
export const ZFamilyMemberRef = z.object({ personId: ZId, familyRoleId: ZFamilyRoleId });

/**
 * POST /api/family/createFamily body (§5.2): `familyName` required; `fatherId`, `motherId`
 * optional people of the church; `familyMembers` the other members with their roles.
 * `homeAddress` is Steward's. `tenantId` and other keys are ignored (the session decides).
 * A 400 answers the ASP.NET validation shape the existing client reads
 * (`errors.FamilyName[0]`, see ZAspNetErrorEnvelope).
 */
export const ZCreateFamilyRequest = z.object({
  familyName: z
    .string({ error: FAMILY_MESSAGES.familyNameRequired })
    .trim()
    .min(1, FAMILY_MESSAGES.familyNameRequired)
    .max(120, 'must be at most 120 characters'),
  fatherId: ZOptionalId.optional(),
  motherId: ZOptionalId.optional(),
  homePhone: ZClearableText(30),
  email: ZClearableEmail,
  homeAddress: ZClearableText(300),
  familyMembers: z.array(ZFamilyMemberRef).max(50, 'at most 50 members at once').optional(),
});
export type TCreateFamilyRequest = z.output<typeof ZCreateFamilyRequest>;

/**
 * PUT /api/family/editProfile body: the admin page's (§5.2 `{id, familyName, email, homePhone,
 * fatherId, motherId}`) or the shell's profile page's (§4.4 `{id, familyName, address, email,
 * homePhone, father|mother:{firstName,lastName,pictureUrl}}`). An absent key leaves its value;
 * '' or null clears it (`fatherId: null` takes the father out of the family). `father`/`mother`
 * edit that parent's person (created when the family has none); `address` (= `homeAddress`) is the
 * family's address, and also the address of the parent edited with it.
 */
export const ZEditFamilyProfileRequest = z.object({
  id: ZId,
  familyName: z
    .string()
    .trim()
    .min(1, FAMILY_MESSAGES.familyNameRequired)
    .max(120, 'must be at most 120 characters')
    .optional(),
  email: ZClearableEmail,
  homePhone: ZClearableText(30),
  address: ZClearableText(300),
  homeAddress: ZClearableText(300),
  fatherId: ZOptionalId.optional(),
  motherId: ZOptionalId.optional(),
  father: ZParentInput.optional(),
  mother: ZParentInput.optional(),
});
export type TEditFamilyProfileRequest = z.output<typeof ZEditFamilyProfileRequest>;

/**
 * POST /api/Family/addFamilyMember body: an existing person (`personId`, §5.2) or a new one
 * (`person`, §4.4: created in the church, `person.firstName` required). `tenantId` ignored.
 */
export const ZAddFamilyMemberRequest = z
  .object({
    familyId: ZId,
    familyRoleId: ZFamilyRoleId,
    personId: ZOptionalId.optional(),
    person: ZFamilyPersonInput.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.personId && !v.person?.id && !v.person)
      ctx.addIssue({ code: 'custom', path: ['personId'], message: 'give personId or a new person' });
    if (v.person && !v.person.id && !v.personId && !v.person.firstName)
      ctx.addIssue({ code: 'custom', path: ['person', 'firstName'], message: 'Enter the first name' });
  });
export type TAddFamilyMemberRequest = z.output<typeof ZAddFamilyMemberRequest>;

/**
 * PUT /api/Family/editFamilyMember (= /api/family/editfamilymember) body: `id` the family
 * member's id; `familyRoleId` the new role; `person` the member's new details (its `id`, when
 * given, names the person; the existing client's admin page may send another member's `id` with
 * the right `person.id`). `tenantId` ignored.
 */
export const ZEditFamilyMemberRequest = z.object({
  id: ZId,
  familyRoleId: ZFamilyRoleId.optional(),
  person: ZFamilyPersonInput.optional(),
});
export type TEditFamilyMemberRequest = z.output<typeof ZEditFamilyMemberRequest>;

/** `?id=` of deleteFamily and removeAFamilyMember. */
export const ZIdQuery = z.object({ id: ZId });

/**
 * GET /api/Family/family: `?Id=` a family (§5.2) or `?personId=` the family a person belongs
 * to (§4.4). With the family-portal header and neither, the signed-in parent's family.
 */
export const ZFamilyQuery = z.object({ id: ZId.optional(), personId: ZId.optional() });

/** A person inside a family answer. Absent values are null. */
export const ZFamilyPerson = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  pictureUrl: z.string().nullable(),
  genderID: z.number().int().nullable(),
  dayOfBirth: z.number().int().nullable(),
  monthOfBirth: z.number().int().nullable(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  homeAddress: z.string().nullable(),
});
export type TFamilyPerson = z.infer<typeof ZFamilyPerson>;

/** A family member: `id` the membership's id (what editFamilyMember / removeAFamilyMember take). */
export const ZFamilyMember = z.object({
  id: z.uuid(),
  familyID: z.uuid(),
  familyRoleID: z.number().int(),
  person: ZFamilyPerson,
});
export type TFamilyMember = z.infer<typeof ZFamilyMember>;

/**
 * GET /api/Family/family answer, bare (§5.2, §4.4): the family, its father and mother (null when
 * none) and its other members, by role then first name. `dateCreated` ISO 8601.
 */
export const ZFamilyDetail = z.object({
  id: z.uuid(),
  tenantID: z.uuid(),
  familyName: z.string(),
  email: z.string().nullable(),
  homePhone: z.string().nullable(),
  homeAddress: z.string().nullable(),
  fatherID: z.uuid().nullable(),
  motherID: z.uuid().nullable(),
  father: ZFamilyPerson.nullable(),
  mother: ZFamilyPerson.nullable(),
  familyMembers: z.array(ZFamilyMember),
  dateCreated: z.string(),
});
export type TFamilyDetail = z.infer<typeof ZFamilyDetail>;

/** GET /api/family/allfamilies item, bare (§5.2); `memberCount` (everyone, parents included) is Steward's. */
export const ZFamilyListItem = z.object({
  id: z.uuid(),
  familyName: z.string(),
  email: z.string().nullable(),
  homePhone: z.string().nullable(),
  dateCreated: z.string(),
  memberCount: z.number().int(),
});
export type TFamilyListItem = z.infer<typeof ZFamilyListItem>;

/** The answer of createFamily and editProfile: the envelope with the family. */
export const ZFamilyEnvelope = ZEnvelope(ZFamilyDetail);

/**
 * The answer of addFamilyMember and editFamilyMember: the envelope with the member, whose fields
 * are also at the top level (the shell reads `person.id` and `id` there, §4.4).
 */
export const ZFamilyMemberAnswer = ZEnvelope(ZFamilyMember).extend(ZFamilyMember.shape);
export type TFamilyMemberAnswer = z.infer<typeof ZFamilyMemberAnswer>;

/** The answer of deleteFamily and removeAFamilyMember: the envelope with the deleted id. */
export const ZFamilyDeletedEnvelope = ZEnvelope(z.object({ id: z.uuid() }));

/**
 * The ASP.NET validation shape createFamily answers a 400 in (existing-client-api §5.2, §7a: the
 * existing client shows `errors.FamilyName[0]`): `errors` maps the field, PascalCase
 * ('FamilyName', 'FamilyMembers[0].PersonId'), to its messages; `response` has the first, and
 * `returnObject.errors` the usual `[{field, message}]` list (camelCase paths, as every other 400).
 */
export const ZAspNetErrorEnvelope = z.object({
  status: z.literal(false),
  response: z.string(),
  returnObject: z.object({ errors: z.array(ZFieldError) }),
  title: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});

// ---------------------------------------------------------------- public calls of registration (§5.1)

/** GET /family?tenantID=&&personId= (root, no session). */
export const ZPublicFamilyQuery = z.object({ tenantID: ZId, personId: ZId });

/**
 * A member as the public registration page sees it: names and role only. GET /family answers the
 * first name masked ('Ke**') and no `lastName`; POST /addFamilyMember answers the ward the page
 * just created, with both names.
 */
export const ZPublicFamilyMember = z.object({
  id: z.uuid(),
  familyRoleID: z.number().int(),
  person: z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string().optional() }),
});

/**
 * GET /family answer, bare: the person's family with masked first names and roles only (no last
 * names or contact details, it is public); `familyName` masked too ('Ob*'). A person in no family
 * gets `id: null` and no members (the registration page then creates one with POST /createFamily).
 */
export const ZPublicFamily = z.object({
  id: z.uuid().nullable(),
  tenantID: z.uuid(),
  familyName: z.string().nullable(),
  familyMembers: z.array(ZPublicFamilyMember),
});
export type TPublicFamily = z.infer<typeof ZPublicFamily>;

/**
 * POST /createPublicPerson body (root, no session): a visitor or ward of church `tenantId`. A
 * full name in `firstName` with no `lastName` ('Ada Obi') is split at its first space.
 */
export const ZCreatePublicPersonRequest = z.object({
  tenantId: ZId,
  firstName: ZFirstName,
  lastName: ZClearableText(80),
  email: ZClearableEmail,
  homeAddress: ZClearableText(300),
  mobilePhone: ZClearableText(30),
  genderId: ZClearableGender,
});
export type TCreatePublicPersonRequest = z.output<typeof ZCreatePublicPersonRequest>;

export const ZPublicPerson = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });
export const ZPublicPersonEnvelope = ZEnvelope(ZPublicPerson);

/** The role a public member gets when the page sent none (the 'Add New Ward' modal's role is optional). */
export const PUBLIC_DEFAULT_ROLE = FAMILY_ROLE.ward;

const ZPublicRoleId = z
  .union([z.null(), z.literal(''), ZFamilyRoleId])
  .optional()
  .transform((v) => (v === undefined || v === null || v === '' ? PUBLIC_DEFAULT_ROLE : v));

/**
 * POST /createFamily body (root, no session, §5.1): `fatherId` the registering person (the
 * family's mother instead when that person's gender is Female), `familyName` (default: that
 * person's last or first name), `familyMembers` the wards just created on the page
 * (`checkMember` ignored; a missing role is Ward).
 */
export const ZPublicCreateFamilyRequest = z.object({
  tenantId: ZId,
  fatherId: ZId,
  familyName: ZClearableText(120),
  familyMembers: z
    .array(z.object({ personId: ZId, familyRoleId: ZPublicRoleId }))
    .max(20, 'at most 20 members at once')
    .optional(),
});
export type TPublicCreateFamilyRequest = z.output<typeof ZPublicCreateFamilyRequest>;

/** POST /addFamilyMember body (root, no session, §5.1); a missing role is Ward. */
export const ZPublicAddFamilyMemberRequest = z.object({
  tenantId: ZId,
  familyId: ZId,
  personId: ZId,
  familyRoleId: ZPublicRoleId,
});
export type TPublicAddFamilyMemberRequest = z.output<typeof ZPublicAddFamilyMemberRequest>;

export const ZPublicFamilyEnvelope = ZEnvelope(ZPublicFamily);
export const ZPublicFamilyMemberEnvelope = ZEnvelope(ZPublicFamilyMember);

// ---------------------------------------------------------------- check-in shell sign-in (§4.4)

const ZIdentifier = z.string().trim().max(254, 'must be at most 254 characters');

/**
 * POST /familyLogin body: `email` or `phoneNumber` (the shell puts what was typed in `email` when
 * it has an '@'), and `password`. The church is the signed-in session's.
 */
export const ZFamilyLoginRequest = z
  .object({
    email: ZIdentifier.optional(),
    phoneNumber: ZIdentifier.optional(),
    password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200, 'is too long'),
  })
  .refine((v) => Boolean(v.email || v.phoneNumber), { message: FAMILY_MESSAGES.identifierRequired, path: ['email'] });
export type TFamilyLoginRequest = z.output<typeof ZFamilyLoginRequest>;

/**
 * POST /familyRegister body: the parent's names, `email` or `phoneNumber`, `familyRole` (1 Father
 * or 2 Mother) and `password` (8-200 characters). The church is the signed-in session's; a
 * `tenantId` in the body is ignored.
 */
export const ZFamilyRegisterRequest = z
  .object({
    firstName: z
      .string({ error: 'Enter your first name' })
      .trim()
      .min(1, 'Enter your first name')
      .max(80, 'Use at most 80 characters for your first name'),
    lastName: z
      .string({ error: 'Enter your last name' })
      .trim()
      .min(1, 'Enter your last name')
      .max(80, 'Use at most 80 characters for your last name'),
    email: ZIdentifier.optional(),
    phoneNumber: ZIdentifier.optional(),
    familyRole: z
      .union([z.number(), z.string()], { error: FAMILY_MESSAGES.parentRoleRequired })
      .transform(Number)
      .pipe(
        z
          .number({ error: FAMILY_MESSAGES.parentRoleRequired })
          .refine((n) => n === FAMILY_ROLE.father || n === FAMILY_ROLE.mother, FAMILY_MESSAGES.parentRoleRequired),
      ),
    password: z
      .string({ error: 'Use at least 8 characters for your password' })
      .min(8, 'Use at least 8 characters for your password')
      .max(200, 'Use at most 200 characters for your password'),
  })
  .refine((v) => Boolean(v.email || v.phoneNumber), { message: FAMILY_MESSAGES.identifierRequired, path: ['email'] });
export type TFamilyRegisterRequest = z.output<typeof ZFamilyRegisterRequest>;

/**
 * The existing client's nested sign-in result: `statusCode` 200 with the family-portal `token`
 * (send it as the X-Family-Token header from Steward's shell), or 401 with `message` (wrong
 * e-mail, phone or password; `token` and `tenantID` null). `expiryTime` is Steward's (ISO).
 */
export const ZFamilyLoginResult = z.object({
  result: z.object({
    statusCode: z.number().int(),
    value: z.object({
      token: z.string().nullable(),
      tenantID: z.uuid().nullable(),
      message: z.string(),
      expiryTime: z.string().nullable(),
    }),
  }),
});

/** POST /familyLogin answer (HTTP 200 also for a wrong password: `login.result.statusCode` 401). */
export const ZFamilyLoginAnswer = z.object({ login: ZFamilyLoginResult, personID: z.uuid().nullable() });
export type TFamilyLoginAnswer = z.infer<typeof ZFamilyLoginAnswer>;

/** POST /familyRegister answer: `loginData.value.login.result…` and `personID`. */
export const ZFamilyRegisterAnswer = z.object({
  loginData: z.object({ value: z.object({ login: ZFamilyLoginResult }) }),
  personID: z.uuid(),
});
export type TFamilyRegisterAnswer = z.infer<typeof ZFamilyRegisterAnswer>;

// ---------------------------------------------------------------- check-in shell calls (§4.4)

/**
 * GET /api/CheckInAttendance/upcomingCheckinEvents item, bare: an event from today on with a
 * check-in set-up that has groups (rooms). `date` 'YYYY-MM-DD'; `eventBanner` the set-up's
 * banner or null; `checkInAttendanceId` (Steward's) the set-up.
 */
export const ZUpcomingCheckinEvent = z.object({
  activityID: z.uuid(),
  name: z.string(),
  date: z.string(),
  eventBanner: z.string().nullable(),
  checkInAttendanceId: z.uuid(),
});
export type TUpcomingCheckinEvent = z.infer<typeof ZUpcomingCheckinEvent>;

/** GET /api/CheckInAttendance/checkinevents?activityId= */
export const ZCheckinEventsQuery = z.object({ activityId: ZId });

/**
 * GET /api/CheckInAttendance/checkinevents item, bare: one group (room) of a check-in set-up of
 * the event. `id` the set-up (RegisterChildren's `checkInAttendanceId`); `personsinAttendance`
 * the people recorded in that group (`id` the person, `isActive` not checked out), only the
 * signed-in parent's family with the family-portal header.
 */
export const ZCheckinEventGroup = z.object({
  id: z.uuid(),
  groupID: z.uuid(),
  fullGroupName: z.string(),
  personsinAttendance: z.array(z.object({ id: z.uuid(), isActive: z.boolean() })),
});
export type TCheckinEventGroup = z.infer<typeof ZCheckinEventGroup>;

/** GET /api/CheckInAttendance/FamilyAttendanceRecord?familyId= */
export const ZFamilyAttendanceQuery = z.object({ familyId: ZId });

/**
 * FamilyAttendanceRecord's `returnObject`: counts of check-in set-ups (events) the family's
 * members were registered or pre-checked in for (`allRegisteredEvents`), were present at
 * (`allAttendedEvents`), and were registered for, are past and nobody came (`totalAbsent`).
 */
export const ZFamilyAttendanceRecord = z.object({
  allRegisteredEvents: z.number().int(),
  totalAbsent: z.number().int(),
  allAttendedEvents: z.number().int(),
});
export const ZFamilyAttendanceEnvelope = ZEnvelope(ZFamilyAttendanceRecord);

/**
 * POST /api/CheckInAttendance/RegisterChildren body: the children to pre-check in, each with the
 * event, the set-up and the group (room) chosen from checkinevents; `checkInBy` the parent or
 * guardian ('' = the family's father, else mother). One set-up per call.
 */
export const ZRegisterChildrenRequest = z
  .array(
    z.object({
      personId: ZId,
      activityId: ZId,
      checkInAttendanceId: ZId,
      groupId: ZId,
      checkInBy: ZOptionalId.optional(),
    }),
    { error: 'send the children to register as a list' },
  )
  .min(1, 'choose at least one child')
  .max(30, 'at most 30 children at once');
export type TRegisterChildrenRequest = z.output<typeof ZRegisterChildrenRequest>;

/**
 * RegisterChildren answer: `returnObject` the security code (4 characters) printed on the
 * children's labels and the parent's pickup label; `response` contains "success".
 */
export const ZRegisterChildrenAnswer = z.object({
  status: z.literal(true),
  response: z.string(),
  returnObject: z.string(),
});

/** POST /api/Media/UploadProfilePicture answer: where the picture is served. */
export const ZProfilePictureAnswer = z.object({ pictureUrl: z.string(), imageBlobName: z.string() });
