/*
 * The attendance admin routes (giving-attendance spec 2.9-2.10; existing-client-api §1.6:
 * /tenant/attendancecheckin with children '' (AttendanceList), add (AddCheckin), type
 * (CheckinType), qr (AttendanceQR), mark (MarkAttendance), report/:id (AttendanceReport); and
 * AddAttendance /tenant/addattendancecheckin/:id?), and the public check-in link.
 */

/** The attendance list (2.10, route AttendanceList). */
export const ATTENDANCE_LIST_PATH = '/tenant/attendancecheckin';
/** Add Attendance (2.9, route AddAttendance without its id). */
export const ADD_ATTENDANCE_PATH = '/tenant/addattendancecheckin';
/** The check-in type page (route CheckinType). */
export const CHECKIN_TYPE_PATH = '/tenant/attendancecheckin/type';

/** Edit a set-up: Add Attendance with its id (route AddAttendance, param id). */
export function editAttendancePath(id: string): string {
  return `${ADD_ATTENDANCE_PATH}/${encodeURIComponent(id)}`;
}

/** The query of route CheckinType (spec 2.9, 2.10): the event, the set-up's groups, its id and public code. */
export interface CheckinTypeQuery {
  activityID: string;
  activityName: string;
  groupId: string;
  groupName: string;
  /** the set-up's id (what AttendanceItem is asked with) */
  id: string;
  /** the set-up's public attendance code */
  code: string;
}

/** `/tenant/attendancecheckin/type?activityID=&activityName=&groupId=&groupName=&id=&code=` (in that order). */
export function checkinTypePath(q: CheckinTypeQuery): string {
  const params = new URLSearchParams({
    activityID: q.activityID,
    activityName: q.activityName,
    groupId: q.groupId,
    groupName: q.groupName,
    id: q.id,
    code: q.code,
  });
  return `${CHECKIN_TYPE_PATH}?${params.toString()}`;
}

/** A set-up's attendance report (route AttendanceReport, param id; the marking page). */
export function attendanceReportPath(id: string): string {
  return `${ATTENDANCE_LIST_PATH}/report/${encodeURIComponent(id)}`;
}

/** The public self check-in page of a set-up (spec 2.11, route WebCheckin), on this site. */
export function publicCheckinPath(code: string): string {
  return `/checkin/e/${encodeURIComponent(code)}`;
}
