/*
 * Routes around the attendance report / marking page (existing-client-api §1.6 'Attendance').
 */

/** The attendance list (route Attendance). */
export const ATTENDANCE_LIST_PATH = '/tenant/attendancecheckin';

/** The report / marking page of a check-in set-up (route AttendanceReport, param id). */
export function attendanceReportPath(setUpId: string): string {
  return `${ATTENDANCE_LIST_PATH}/report/${encodeURIComponent(setUpId)}`;
}

/** The marking route the existing client uses (route MarkAttendance, query id): the same page. */
export function markAttendancePath(setUpId: string): string {
  return `${ATTENDANCE_LIST_PATH}/mark?${new URLSearchParams({ id: setUpId }).toString()}`;
}

/** Add Attendance in edit mode for the set-up (route AddAttendance, param id). */
export function editSetUpPath(setUpId: string): string {
  return `/tenant/addattendancecheckin/${encodeURIComponent(setUpId)}`;
}
