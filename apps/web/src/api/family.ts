import {
  FAMILY_MESSAGES,
  FAMILY_TOKEN_HEADER,
  ZCheckinEventGroup,
  ZFamilyAttendanceEnvelope,
  ZFamilyDeletedEnvelope,
  ZFamilyDetail,
  ZFamilyEnvelope,
  ZFamilyLoginAnswer,
  ZFamilyMemberAnswer,
  ZFamilyRegisterAnswer,
  ZProfilePictureAnswer,
  ZRegisterChildrenAnswer,
  type ZRegisterChildrenRequest,
  ZUpcomingCheckinEvent,
} from '@steward/contracts/families';
import { ZFamilyRole } from '@steward/contracts/lookups';
import { z } from 'zod';
import { HttpError, request, send, type RequestOptions } from './http.ts';

/*
 * The check-in shell's calls (family portal; spec 2.16, existing-client-api §4.4; issue 11). The
 * shell runs on a church device signed in as the church (the cookie session, as every /tenant
 * page); a parent then signs in inside it (POST /familyLogin or /familyRegister) and gets a
 * family-portal token, kept on the device by the functions below and sent as the X-Family-Token
 * header on the family calls, which then act on that parent's family only.
 */

// ---------------------------------------------------------------- the parent's session on this device

/** The signed-in parent: the family-portal token, the church it is for, the parent's person id, expiry (ISO). */
export interface FamilySession {
  token: string;
  tenantId: string;
  personId: string;
  /** ISO 8601; null when the server gave none */
  expiresAt: string | null;
}

/** Where the device keeps the parent's session (the check-in shell's Logout removes it). */
export const FAMILY_SESSION_KEY = 'steward.checkin.family';

const isSession = (v: unknown): v is FamilySession =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as FamilySession).token === 'string' &&
  typeof (v as FamilySession).tenantId === 'string' &&
  typeof (v as FamilySession).personId === 'string';

/**
 * The parent signed in on this device, or null (none, unreadable, or expired: an expired one is
 * removed).
 */
export function readFamilySession(): FamilySession | null {
  try {
    const raw = localStorage.getItem(FAMILY_SESSION_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!isSession(parsed)) return null;
    if (parsed.expiresAt && Date.parse(parsed.expiresAt) <= Date.now()) {
      localStorage.removeItem(FAMILY_SESSION_KEY);
      return null;
    }
    return parsed;
  } catch {
    return null;
  }
}

/** Keeps the parent's session on this device (nothing when storage is unavailable). */
export function saveFamilySession(session: FamilySession): void {
  try {
    localStorage.setItem(FAMILY_SESSION_KEY, JSON.stringify(session));
  } catch {
    // private browsing without storage: the parent signs in again after a reload
  }
}

/** Forgets the parent's session on this device. */
export function clearFamilySession(): void {
  try {
    localStorage.removeItem(FAMILY_SESSION_KEY);
  } catch {
    // nothing kept
  }
}

/** The parent's family-portal token is unknown or expired (the shell then asks them to sign in again). */
export class FamilySessionExpiredError extends Error {
  constructor() {
    super(FAMILY_MESSAGES.familyTokenInvalid);
    this.name = 'FamilySessionExpiredError';
  }
}

let onFamilySessionLost: (() => void) | null = null;

/** Registers what the shell does when the parent's token is refused (forget it, go to the sign-in). */
export function setFamilySessionLostHandler(handler: (() => void) | null): void {
  onFamilySessionLost = handler;
}

/**
 * `request` with the parent's token in X-Family-Token. A 401 refusing the token clears the
 * session, runs the shell's handler and throws FamilySessionExpiredError; any other 401 (the
 * church's session is gone) asks for the signed-in user once more without `allowUnauthorized`,
 * so that the app's sign-out to /signin runs, and rethrows.
 * @throws FamilySessionExpiredError, and as `request` (HttpError, NetworkError, ...).
 */
async function familyRequest<S extends z.ZodType>(path: string, schema: S, opts: RequestOptions = {}) {
  const session = readFamilySession();
  try {
    return await request(path, schema, {
      ...opts,
      headers: { ...opts.headers, ...(session ? { [FAMILY_TOKEN_HEADER]: session.token } : {}) },
      allowUnauthorized: true,
    });
  } catch (err) {
    if (err instanceof HttpError && err.status === 401) {
      if (err.serverMessage === FAMILY_MESSAGES.familyTokenInvalid || !session) {
        clearFamilySession();
        onFamilySessionLost?.();
        throw new FamilySessionExpiredError();
      }
      await send('/api/Membership/GetCurrentSignedInUser').catch(() => undefined);
    }
    throw err;
  }
}

// ---------------------------------------------------------------- query keys

/** TanStack Query keys of the check-in shell; a change to the family invalidates `family()`. */
export const familyKeys = {
  all: ['family-portal'] as const,
  family: () => [...familyKeys.all, 'family'] as const,
  attendance: (familyId: string) => [...familyKeys.all, 'attendance', familyId] as const,
  upcoming: () => [...familyKeys.all, 'upcoming'] as const,
  eventGroups: (activityId: string) => [...familyKeys.all, 'event-groups', activityId] as const,
  roles: () => [...familyKeys.all, 'roles'] as const,
  genders: () => [...familyKeys.all, 'genders'] as const,
  church: (tenantId: string) => [...familyKeys.all, 'church', tenantId] as const,
};

// ---------------------------------------------------------------- sign-in

/**
 * POST /familyLogin `{email | phoneNumber, password}` (the church is the session's). HTTP 200 also
 * for a wrong password: `login.result.statusCode` 401 with `value.message`. 400 (a bare message)
 * for an unusable e-mail or phone, 429 after too many attempts: HttpError with serverMessage.
 */
export function familyLogin(body: { email?: string; phoneNumber?: string; password: string }) {
  return request('/familyLogin', ZFamilyLoginAnswer, { method: 'POST', body });
}

/**
 * POST /familyRegister `{firstName, lastName, email | phoneNumber, familyRole (1 Father, 2 Mother),
 * password}`: the parent's account (and person and family when new) and a token. 400 (a bare
 * message) when the e-mail, phone or person already has an account.
 */
export function familyRegister(body: {
  firstName: string;
  lastName: string;
  email?: string;
  phoneNumber?: string;
  familyRole: number;
  password: string;
}) {
  return request('/familyRegister', ZFamilyRegisterAnswer, { method: 'POST', body });
}

/** POST /familyLogout: ends the parent's token on the server (204); the caller forgets it locally. */
export async function familyLogout(token: string): Promise<void> {
  await send('/familyLogout', { method: 'POST', headers: { [FAMILY_TOKEN_HEADER]: token }, allowUnauthorized: true });
}

// ---------------------------------------------------------------- the family

/** GET /api/Family/family with the token: the parent's own family (father, mother, other members). */
export function getMyFamily() {
  return familyRequest('/api/Family/family', ZFamilyDetail);
}

/** A parent's details as the profile page sends them. */
export interface ParentInput {
  firstName: string;
  lastName?: string | null;
  pictureUrl?: string | null;
  email?: string | null;
  mobilePhone?: string | null;
}

/**
 * PUT /api/Family/editProfile `{id, familyName, address, email, homePhone, father?, mother?}`:
 * absent keys are left, '' or null clear; `father` / `mother` edit (or add) that parent.
 * Answers the family.
 */
export async function editFamilyProfile(body: {
  id: string;
  familyName?: string;
  address?: string | null;
  email?: string | null;
  homePhone?: string | null;
  father?: ParentInput;
  mother?: ParentInput;
}) {
  return (await familyRequest('/api/Family/editProfile', ZFamilyEnvelope, { method: 'PUT', body })).returnObject;
}

/** A family member's person as the member forms send it (genderId 1-2, birthday day and month). */
export interface MemberPersonInput {
  firstName: string;
  lastName?: string | null;
  pictureUrl?: string | null;
  genderId?: number | null;
  mobilePhone?: string | null;
  email?: string | null;
  dayOfBirth?: number | null;
  monthOfBirth?: number | null;
}

/**
 * POST /api/Family/addFamilyMember `{familyId, person, familyRoleId}`: a new person joins the
 * family with the role (6 Guardian on the guardian page). Answers the member.
 */
export function addFamilyMember(body: { familyId: string; familyRoleId: number; person: MemberPersonInput }) {
  return familyRequest('/api/Family/addFamilyMember', ZFamilyMemberAnswer, { method: 'POST', body });
}

/** PUT /api/Family/editFamilyMember `{id (the member), familyRoleId, person}`. Answers the member. */
export function editFamilyMember(body: {
  id: string;
  familyRoleId: number;
  person: MemberPersonInput & { id: string };
}) {
  return familyRequest('/api/Family/editFamilyMember', ZFamilyMemberAnswer, { method: 'PUT', body });
}

/** DELETE /api/Family/removeAFamilyMember?id=: the member leaves the family (the person stays in the church). */
export function removeFamilyMember(id: string) {
  return familyRequest('/api/Family/removeAFamilyMember', ZFamilyDeletedEnvelope, {
    method: 'DELETE',
    query: { id },
  });
}

/**
 * POST /api/Media/UploadProfilePicture, multipart `mediaFileImage` (PNG, JPEG, GIF or WebP, at
 * most 5 MB, checked by content on the server). Answers where the picture is served.
 */
export async function uploadProfilePicture(file: File): Promise<string> {
  const form = new FormData();
  form.append('mediaFileImage', file);
  return (await familyRequest('/api/Media/UploadProfilePicture', ZProfilePictureAnswer, { method: 'POST', body: form }))
    .pictureUrl;
}

/** GET /getfamilyroles: [{id, name}] (1 Father … 6 Guardian, 7 Other relative). */
export function getFamilyRoles() {
  return request('/getfamilyroles', z.array(ZFamilyRole));
}

// ---------------------------------------------------------------- events

/** GET /api/CheckInAttendance/upcomingCheckinEvents: events from today on with rooms, soonest first. */
export function getUpcomingCheckinEvents() {
  return familyRequest('/api/CheckInAttendance/upcomingCheckinEvents', z.array(ZUpcomingCheckinEvent));
}

/**
 * GET /api/CheckInAttendance/checkinevents?activityId=: the rooms of each check-in of the event,
 * with the family's people recorded in each.
 */
export function getCheckinEventGroups(activityId: string) {
  return familyRequest('/api/CheckInAttendance/checkinevents', z.array(ZCheckinEventGroup), {
    query: { activityId },
  });
}

/** GET /api/CheckInAttendance/FamilyAttendanceRecord?familyId=: registered / attended / missed counts. */
export async function getFamilyAttendanceRecord(familyId: string) {
  return (
    await familyRequest('/api/CheckInAttendance/FamilyAttendanceRecord', ZFamilyAttendanceEnvelope, {
      query: { familyId },
    })
  ).returnObject;
}

/**
 * POST /api/CheckInAttendance/RegisterChildren `[{personId, activityId, checkInAttendanceId,
 * groupId, checkInBy}]`: pre-checks the children in, each in a room. Answers the security code
 * (the same for the family's children at this event).
 */
export async function registerChildren(items: z.input<typeof ZRegisterChildrenRequest>): Promise<string> {
  return (
    await familyRequest('/api/CheckInAttendance/RegisterChildren', ZRegisterChildrenAnswer, {
      method: 'POST',
      body: items,
    })
  ).returnObject;
}
