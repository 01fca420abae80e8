import { ATTENDANCE_SETUP_MESSAGES } from '@steward/contracts/attendance-setup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { attendanceKeys, checkoutEveryone } from '../../api/attendance.ts';
import { ATTENDANCE_TEXTS } from './attendance-texts.ts';

/**
 * 'Check out everyone' of a set-up (existing-client-api §4.1 DELETE
 * /api/CheckInAttendance/checkout?attendanceId=): asks first, then shows the server's answer (how
 * many were checked out); a failure says 'Delete Failed, Please Try Again' (spec §8 'Attendance
 * check-out').
 */
export function useCheckoutEveryone() {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const checkout = useMutation({
    mutationFn: checkoutEveryone,
    onSuccess: async (answer) => {
      void message.success(answer || ATTENDANCE_TEXTS.checkoutDone, 5);
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
    },
    onError: () => void message.error(ATTENDANCE_SETUP_MESSAGES.checkoutFailed, 5),
  });
  return useCallback(
    (attendanceId: string, eventName: string) => {
      modal.confirm({
        title: 'Check out everyone',
        content: `${ATTENDANCE_TEXTS.checkoutQuestion} (${eventName})`,
        okText: 'Check out',
        cancelText: 'Cancel',
        onOk: () => checkout.mutateAsync(attendanceId).catch(() => undefined),
      });
    },
    [modal, checkout],
  );
}
