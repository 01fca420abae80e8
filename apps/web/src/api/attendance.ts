import {
  ZAttendanceCheckoutAnswer,
  ZAttendanceDeleteAnswer,
  ZAttendanceItem,
  ZAttendanceSetupCreated,
  ZAttendanceSetupEdited,
  ZAttendanceSetupList,
  ZSingleAttendanceAnswer,
} from '@steward/contracts/attendance-setup';
import { request, sendForm } from './http.ts';

/*
 * The attendance set-up calls (giving-attendance spec §7 'Attendance set-up'; existing-client-api
 * §4.1), one typed function each, every answer checked against
 * packages/contracts/src/attendance-setup.ts. The report and marking calls are in
 * attendance-marking.ts.
 */

/** TanStack Query keys of the set-up screens; every mutation invalidates `all`. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  list: (page: number, search: string) => [...attendanceKeys.all, 'list', page, search] as const,
  one: (id: string) => [...attendanceKeys.all, 'one', id] as const,
  item: (idOrCode: string) => [...attendanceKeys.all, 'item', idOrCode] as const,
};

/**
 * GET /api/CheckInAttendance/AllCheckInAttendances?page=N[&searchText=]: 50 a page (page 1
 * first), newest event first; `searchText` keeps the set-ups whose event name contains it.
 * Answers `{data, totalItems}`.
 */
export function getAttendances(page: number, searchText = '') {
  return request('/api/CheckInAttendance/AllCheckInAttendances', ZAttendanceSetupList, {
    query: { page, searchText: searchText.trim() || undefined },
  });
}

/**
 * POST /api/CheckInAttendance/Delete/Multiple with the set-ups' ids: soft-deletes them (their
 * records stay). Answers a bare string ('Attendance(s) deleted successfully.'); 404 and nothing
 * deleted when one is not the church's.
 */
export function deleteAttendances(ids: string[]) {
  return request('/api/CheckInAttendance/Delete/Multiple', ZAttendanceDeleteAnswer, { method: 'POST', body: ids });
}

/**
 * DELETE /api/CheckInAttendance/checkout?attendanceId=: checks out everyone still checked in at
 * the set-up; answers a bare string saying how many.
 */
export function checkoutEveryone(attendanceId: string) {
  return request('/api/CheckInAttendance/checkout', ZAttendanceCheckoutAnswer, {
    method: 'DELETE',
    query: { attendanceId },
  });
}

/**
 * GET /api/CheckInAttendance/GetSingleAttendanceCheckIn?checkInAttendanceId=: the set-up for the
 * edit screen (`returnObject.attendanceItem`); 404 when not the church's.
 */
export async function getAttendance(id: string) {
  const answer = await request('/api/CheckInAttendance/GetSingleAttendanceCheckIn', ZSingleAttendanceAnswer, {
    query: { checkInAttendanceId: id },
  });
  return answer.returnObject.attendanceItem;
}

/**
 * POST api/CheckInAttendance/CreateAttendanceCheckIn, multipart (see attendance-form-model
 * `toSetupFormData`): answers `returnObject.checkInAttendanceResult` (the new set-up first). 400
 * names the field at fault; nothing is written then.
 */
export async function createAttendance(form: FormData) {
  const answer = await sendForm('/api/CheckInAttendance/CreateAttendanceCheckIn', ZAttendanceSetupCreated, form);
  const first = answer.returnObject.checkInAttendanceResult[0];
  if (!first) throw new Error('The server answered without the new attendance');
  return first;
}

/**
 * PUT /api/CheckInAttendance/EditAttendanceCheckIn, the same multipart plus `Id`: answers
 * `{response, id, attendanceCode}` (bare). Fields not sent keep their values; '' clears one.
 */
export function editAttendance(form: FormData) {
  return sendForm('/api/CheckInAttendance/EditAttendanceCheckIn', ZAttendanceSetupEdited, form, { method: 'PUT' });
}

/**
 * GET /api/CheckInAttendance/AttendanceItem?attendanceCode=: the check-in type page's links and
 * QR codes; the existing client passes the set-up's id, the public code works too.
 */
export function getAttendanceItem(idOrCode: string) {
  return request('/api/CheckInAttendance/AttendanceItem', ZAttendanceItem, {
    query: { attendanceCode: idOrCode },
  });
}
