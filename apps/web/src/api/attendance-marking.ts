import {
  ZAttendanceReport,
  ZAttendanceType,
  ZDeletePersonAttendanceResponse,
  ZMarkAllResponse,
  ZUpdateCheckInAttendanceResponse,
  type TCheckOutRequest,
  type TMarkAllRequest,
  type TMarkAttendanceRequest,
  type TUpdateCheckInAttendanceRequest,
} from '@steward/contracts/attendance-marking';
import { z } from 'zod';
import { request } from './http.ts';

/*
 * The attendance report / marking page's calls (issue 11 'Admin', third bullet;
 * existing-client-api §4.1 from AttendanceReport on), one typed function each, every answer
 * checked against packages/contracts/src/attendance-marking.ts. The offering items and the
 * custom fields come from their own areas (api/offering-items.ts, api/settings.ts).
 */

/** TanStack Query keys of the marking page; every mutation invalidates `report(id)`. */
export const markingKeys = {
  all: ['attendance-marking'] as const,
  report: (id: string) => [...markingKeys.all, 'report', id] as const,
  types: () => [...markingKeys.all, 'attendance-types'] as const,
  phone: (personId: string) => [...markingKeys.all, 'phone', personId] as const,
};

/** A bare string answer (MarkAttendance, CheckOut, revealParentNumber). */
const ZText = z.string();

/**
 * GET /api/CheckInAttendance/AttendanceReport?id=: the set-up's event (name, date 'YYYY-MM-DD',
 * banner URL, details, status, title, note), everyone registered or checked in
 * (`peopoleAttendancesDTOs`, phones masked), the offerings per item in the church currency,
 * the head counts and the custom field answers. 404 for a set-up not the church's.
 */
export function getAttendanceReport(id: string) {
  return request('/api/CheckInAttendance/AttendanceReport', ZAttendanceReport, { query: { id } });
}

/** GET /GetAttendanceType: the head-count types `{id, name}` (a fixed list). */
export function getAttendanceTypes() {
  return request('/GetAttendanceType', z.array(ZAttendanceType));
}

/**
 * GET api/CheckInAttendance/revealParentNumber?personId=: the person's phone number, or a message
 * when there is none (a bare string; existing-client-api §7(b) 5).
 */
export function revealPhone(personId: string) {
  return request('/api/CheckInAttendance/revealParentNumber', ZText, { query: { personId } });
}

/**
 * POST /api/CheckInAttendance/MarkAttendance: marks a listed person present
 * (`{checkInAttendanceID, personAttendanceID}`, or absent again with `isPresent: false`), or
 * checks in an existing member (`{person:{personId}, checkInChannel:0, checkInAttendanceID}`) or
 * a new person (`{person:{firstName,lastName,mobilePhone,email}, …}`). Answers a bare string
 * (MARK_MESSAGES). 400 names the field at fault; 404 for another church's ids.
 */
export function markAttendance(body: TMarkAttendanceRequest) {
  return request('/api/CheckInAttendance/MarkAttendance', ZText, { method: 'POST', body });
}

/**
 * POST /api/CheckInAttendance/CheckOut `{checkInAttendanceID, personAttendanceID}` (or
 * `isCheckedOut: false` to undo): answers a bare string (CHECKOUT_MESSAGES; 'User Was Not
 * Checked In Earlier' when the person was not present).
 */
export function checkOutPerson(body: TCheckOutRequest) {
  return request('/api/CheckInAttendance/CheckOut', ZText, { method: 'POST', body });
}

/**
 * POST /api/CheckinAttendance/MarkAllAttendance `{checkInAttendanceID, checkin, personAttendanceIDs}`:
 * `checkin` true marks the listed people present, false checks them out (an empty list: everyone
 * expected / everyone present). Answers the envelope with `returnObject.affected`.
 */
export function markAll(body: TMarkAllRequest) {
  return request('/api/CheckinAttendance/MarkAllAttendance', ZMarkAllResponse, { method: 'POST', body });
}

/**
 * DELETE /api/CheckInAttendance/DeletePersonEventAttendance?id=&checkInAttendanceId=: removes the
 * person (a report row's `id`) from the event: the record is deleted, a registration cancelled.
 */
export function deletePersonAttendance(id: string, checkInAttendanceId: string) {
  return request('/api/CheckInAttendance/DeletePersonEventAttendance', ZDeletePersonAttendanceResponse, {
    method: 'DELETE',
    query: { id, checkInAttendanceId },
  });
}

/**
 * PUT /api/CheckInAttendance/UpdateCheckInAttendance: saves the fields sent (details, status,
 * title, note; absent = unchanged), the head counts (`attendances`, 0 removes one) and the custom
 * field answers (`customAttributeData`). Offerings are not written here. Answers the envelope
 * with `returnObject.id`; 400 names the field at fault.
 */
export function updateCheckInAttendance(body: TUpdateCheckInAttendanceRequest) {
  return request('/api/CheckInAttendance/UpdateCheckInAttendance', ZUpdateCheckInAttendanceResponse, {
    method: 'PUT',
    body,
  });
}
