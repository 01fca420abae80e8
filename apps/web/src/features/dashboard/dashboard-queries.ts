import { useQuery } from '@tanstack/react-query';
import { getDashboardAttendance, getDashboardBasic, getDashboardCelebrations } from '../../api/dashboard.ts';

/** TanStack Query keys of the dashboard; invalidate `all` after anything that changes people. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  basic: () => [...dashboardKeys.all, 'basic'] as const,
  celebrations: () => [...dashboardKeys.all, 'celebrations'] as const,
  attendance: () => [...dashboardKeys.all, 'attendance'] as const,
};

/** GET /dashboard/basic. */
export function useDashboardBasic() {
  return useQuery({ queryKey: dashboardKeys.basic(), queryFn: getDashboardBasic });
}

/** GET /dashboard/celebrations. */
export function useDashboardCelebrations() {
  return useQuery({ queryKey: dashboardKeys.celebrations(), queryFn: getDashboardCelebrations });
}

/** GET /dashboard/attendance. */
export function useDashboardAttendance() {
  return useQuery({ queryKey: dashboardKeys.attendance(), queryFn: getDashboardAttendance });
}
