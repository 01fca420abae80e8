import type {
  TMarkAttendanceAnswer,
  TMarkAttendanceRequest,
  TPhoneMatch,
  TWebCheckInEvent,
} from '@steward/contracts/attendance-public';
import type { TCustomField } from '@steward/contracts/custom-fields';
import { ContractError, send } from './http.ts';

/*
 * The public self check-in calls (issue 11 'Public self check-in'; existing-client-api §4.2;
 * spec 2.11, §7 'Public check-in'), one function each. No runtime zod (the page is for a phone on
 * a slow network, like the giving page): answers are checked with the light type guards below,
 * which test the fields the page reads; the full shapes are packages/contracts/src/attendance-public.ts,
 * imported here as types only. Root paths are sent with `accept: application/json` (http.ts), so
 * the server answers JSON and not the web app.
 */

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string => isText(v) && v.length > 0;

/** Throws ContractError for `path` unless `ok`: the answer is not what the page reads. */
function check<T>(path: string, value: unknown, ok: (v: unknown) => boolean): T {
  if (!ok(value)) {
    console.error(`Answer of ${path} does not match its contract`, value);
    throw new ContractError(path, []);
  }
  return value as T;
}

const isGroup = (g: unknown) => isRecord(g) && isId(g.id) && isText(g.name);

const isEvent = (v: unknown): boolean =>
  isRecord(v) &&
  isId(v.id) &&
  isId(v.tenantID) &&
  isText(v.attendanceCode) &&
  isText(v.fullEventName) &&
  isText(v.eventDate) &&
  (v.checkInCutOffTime === null || isText(v.checkInCutOffTime)) &&
  typeof v.isClosed === 'boolean' &&
  isText(v.churchName) &&
  (v.churchLogo === null || isText(v.churchLogo)) &&
  Array.isArray(v.groups) &&
  v.groups.every(isGroup);

const EVENT_PATH = '/api/publiccontent/WebCheckInGetEventDetails';

/**
 * GET /api/publiccontent/WebCheckInGetEventDetails?checkinId={code}: the check-in event of the
 * set-up with public code `code` (name, day, cut-off, `isClosed`, the church, the set-up's groups).
 * @throws HttpError 404 (unknown or deleted set-up), NetworkError, TimeoutError, ContractError.
 */
export async function getCheckinEvent(code: string, signal?: AbortSignal): Promise<TWebCheckInEvent> {
  const body = await send(EVENT_PATH, { query: { checkinId: code }, signal });
  return check<TWebCheckInEvent>(EVENT_PATH, body, isEvent);
}

const eventLoads = new Map<string, Promise<TWebCheckInEvent>>();

/**
 * Starts the event's load before the page's code has arrived (the router calls it as the route
 * matches: on a slow network the answer and the page's chunk travel together). The page takes it
 * with `takeCheckinEvent`.
 */
export function prefetchCheckinEvent(code: string | undefined): void {
  if (!code || eventLoads.has(code)) return;
  const load = getCheckinEvent(code);
  // a failed prefetch is the page's to report (takeCheckinEvent hands it over)
  load.catch(() => undefined);
  eventLoads.set(code, load);
}

/** The prefetched load of `code` (once; a later call loads again), else a new load. */
export function takeCheckinEvent(code: string): Promise<TWebCheckInEvent> {
  const load = eventLoads.get(code);
  eventLoads.delete(code);
  return load ?? getCheckinEvent(code);
}

const isField = (f: unknown) =>
  isRecord(f) &&
  isId(f.id) &&
  isText(f.label) &&
  typeof f.controlType === 'number' &&
  isText(f.parameterValues) &&
  typeof f.order === 'number';

/**
 * GET /GetAllCustomFields?entityType=5&tenantID= (root path; public): the church's check-in
 * custom fields, sorted by `order` here (spec §7: 'sorted by order').
 * @throws HttpError, NetworkError, TimeoutError, ContractError.
 */
export async function getCheckinFields(tenantId: string, signal?: AbortSignal): Promise<TCustomField[]> {
  const body = await send('/GetAllCustomFields', { query: { entityType: 5, tenantID: tenantId }, signal });
  const list = check<TCustomField[]>('/GetAllCustomFields', body, (v) => Array.isArray(v) && v.every(isField));
  return [...list].sort((a, b) => a.order - b.order);
}

const isMatch = (m: unknown) =>
  isRecord(m) &&
  (m.personId === null || isId(m.personId)) &&
  isText(m.name) &&
  isText(m.email) &&
  isText(m.address) &&
  typeof m.hasBirthday === 'boolean' &&
  Array.isArray(m.groupsBelongingTo) &&
  m.groupsBelongingTo.every((g) => isRecord(g) && isId(g.groupId) && isText(g.name)) &&
  Array.isArray(m.avaliableGroups) &&
  m.avaliableGroups.every(isGroup);

/**
 * GET /searchmemberbyphone?searchtext={phone}&checkinId={code} (root path): the church's people
 * with this number, masked; one entry with `personId` null when nobody has it.
 * @throws HttpError 400 (fewer than 11 digits; the event is closed), 404, 429 (too many searches),
 *   NetworkError, TimeoutError, ContractError.
 */
export async function searchByPhone(phone: string, checkinId: string, signal?: AbortSignal): Promise<TPhoneMatch[]> {
  const body = await send('/searchmemberbyphone', { query: { searchtext: phone, checkinId }, signal });
  return check<TPhoneMatch[]>('/searchmemberbyphone', body, (v) => Array.isArray(v) && v.every(isMatch));
}

/**
 * POST /MarkAttendance (root path): checks the person in (TMarkAttendanceRequest: a found person
 * by `personId`, a new one by `firstName`).
 * @throws HttpError 400 naming the field (or the closed text), 404, NetworkError, TimeoutError, ContractError.
 */
export async function markAttendance(body: TMarkAttendanceRequest): Promise<TMarkAttendanceAnswer> {
  const answer = await send('/MarkAttendance', { method: 'POST', body });
  return check<TMarkAttendanceAnswer>(
    '/MarkAttendance',
    answer,
    (v) =>
      isRecord(v) &&
      v.status === true &&
      isRecord(v.returnObject) &&
      typeof v.returnObject.alreadyCheckedIn === 'boolean',
  );
}
