import { ATTENDANCE_SETUP_MESSAGES } from '@steward/contracts/attendance-setup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { attendanceKeys, deleteAttendances } from '../../api/attendance.ts';
import { isNetworkError, TimeoutError } from '../../api/http.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';

/** The toast of a failed delete (spec §8 'Attendance delete' failures). */
export function deleteFailureText(err: unknown): string {
  if (isNetworkError(err)) return ATTENDANCE_SETUP_MESSAGES.deleteNetwork;
  if (err instanceof TimeoutError) return ATTENDANCE_SETUP_MESSAGES.deleteTimeout;
  return ATTENDANCE_SETUP_MESSAGES.deleteFailed;
}

/**
 * Deleting set-ups from the attendance list (spec 2.10, §8): asks 'Confirm delete' / 'Are you
 * sure you want to proceed?'; Cancel says 'You have rejected'; OK sends POST
 * /api/CheckInAttendance/Delete/Multiple with the ids, then shows the server's answer
 * ('Attendance(s) deleted successfully.'), reloads the list and calls `onDeleted`. Failures:
 * 'Please ensure you have a strong internet connection', 'Request took too long to respond',
 * 'Unable to delete attendance'.
 */
export function useAttendanceDelete(onDeleted: (ids: string[]) => void) {
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteAttendances,
    onSuccess: async (answer, ids) => {
      toast.success(answer.toLowerCase().includes('attendance') ? answer : ATTENDANCE_SETUP_MESSAGES.deleted);
      onDeleted(ids);
      await queryClient.invalidateQueries({ queryKey: attendanceKeys.all });
    },
    onError: (err) => toast.error(deleteFailureText(err)),
  });
  return useCallback(
    (ids: string[]) => {
      if (ids.length === 0) return;
      confirmDelete({
        text: ATTENDANCE_SETUP_MESSAGES.confirmDeleteText,
        cancelMessage: ATTENDANCE_SETUP_MESSAGES.deleteRejected,
        onConfirm: () => remove.mutateAsync(ids),
      });
    },
    [confirmDelete, remove],
  );
}
