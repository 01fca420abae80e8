import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { attendanceKeys, getAttendance } from '../../api/attendance.ts';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { AttendanceEditor } from './attendance-editor.tsx';
import { ATTENDANCE_LIST_PATH } from './attendance-links.ts';
import { ATTENDANCE_TEXTS } from './attendance-texts.ts';
import './attendance.css';

/** The edit screen: the set-up read first (GetSingleAttendanceCheckIn), then the form prefilled. */
function EditAttendance({ id }: { id: string }) {
  const navigate = useNavigate();
  const detail = useQuery({ queryKey: attendanceKeys.one(id), queryFn: () => getAttendance(id) });
  if (detail.isPending) return <PageSkeleton rows={12} />;
  if (detail.isError) {
    if (isNetworkError(detail.error)) return <NetworkErrorState onRetry={() => void detail.refetch()} />;
    const notFound = detail.error instanceof HttpError && [400, 404].includes(detail.error.status);
    return (
      <EmptyState description={notFound ? ATTENDANCE_TEXTS.notFound : ATTENDANCE_TEXTS.loadFailed}>
        <Button onClick={() => void navigate(ATTENDANCE_LIST_PATH)}>Back to Attendance & Check-in</Button>
      </EmptyState>
    );
  }
  // keyed by the set-up: another id gets a fresh form
  return <AttendanceEditor key={detail.data.id} initial={detail.data} />;
}

/**
 * Add Attendance (spec 2.9; route AddAttendance /tenant/addattendancecheckin/:id?, and the list's
 * child /tenant/attendancecheckin/add): 'Add Attendance' with an empty form, or 'Edit
 * Attendance' with the set-up of the route's id.
 */
export function AddAttendancePage() {
  const { id } = useParams();
  let body: ReactNode;
  if (id) body = <EditAttendance id={id} />;
  else body = <AttendanceEditor initial={null} />;
  return (
    <>
      <PageHeader
        title={id ? 'Edit Attendance' : 'Add Attendance'}
        subtitle={
          <Link to={ATTENDANCE_LIST_PATH}>
            <ArrowLeftOutlined aria-hidden /> Attendance & Check-in
          </Link>
        }
      />
      {body}
    </>
  );
}
