import { ATTENDANCE_SETUP_MESSAGES } from '@steward/contracts/attendance-setup';
import { CHECKOUT_MESSAGES, type TAttendancePerson } from '@steward/contracts/attendance-marking';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import {
  checkOutPerson,
  deletePersonAttendance,
  markAll,
  markAttendance,
  markingKeys,
  updateCheckInAttendance,
} from '../../api/attendance-marking.ts';
import { isNetworkError, serverMessageOf, TimeoutError } from '../../api/http.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';

/*
 * What the marking page's buttons do (existing-client-api §4.1): mark present or absent, check
 * out or undo it, mark all / check out all, remove a person (after 'Confirm delete'), and save
 * the report's fields. Every call refreshes the report; the toasts say what happened.
 */

/** Texts of the marking page where the spec gives none (the module README lists them). */
export const REPORT_TEXTS = {
  noOne: 'No one has checked in yet',
  noOneHint: 'Add a person, or share the check-in link: everyone who registers or checks in is listed here.',
  noMatch: 'No one matches this search or filter',
  notFound: 'This attendance was not found',
  loadFailed: 'The attendance could not be loaded',
  actionFailed: 'Not successful, please try again',
  removed: 'Removed from the event',
  saved: 'Saved successfully',
  markedAll: (n: number) => (n === 1 ? '1 person marked present' : `${n} people marked present`),
  checkedOutAll: (n: number) => (n === 1 ? '1 person checked out' : `${n} people checked out`),
  noOfferings: 'No offering has been recorded for this event',
  noCustomFields: 'No custom field is set up for check-in attendance',
} as const;

/** The toast text of a failed call: the network's, a timeout's, the server's own, or a generic one. */
export function failureText(err: unknown, fallback: string = REPORT_TEXTS.actionFailed): string {
  if (isNetworkError(err)) return ATTENDANCE_SETUP_MESSAGES.deleteNetwork;
  if (err instanceof TimeoutError) return ATTENDANCE_SETUP_MESSAGES.deleteTimeout;
  return serverMessageOf(err) ?? fallback;
}

/**
 * The marking page's per-person and bulk actions for the set-up `setUpId`. `busyId` is the row
 * whose call runs (its button shows a spinner); each action toasts its outcome and refreshes the
 * report. `remove` asks 'Confirm delete' first; Cancel says 'You have rejected'.
 */
export function useMarkingActions(setUpId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirmDelete = useConfirmDelete();
  const { modal } = App.useApp();
  const [busyId, setBusyId] = useState<string | null>(null);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: markingKeys.report(setUpId) }),
    [queryClient, setUpId],
  );

  /** Runs one row's call with its spinner, toasts the answer (`ok` picks success or warning). */
  const run = useCallback(
    async (rowId: string, call: () => Promise<string>, ok: (answer: string) => boolean = () => true) => {
      setBusyId(rowId);
      try {
        const answer = await call();
        if (ok(answer)) toast.success(answer);
        else toast.warning(answer);
      } catch (err) {
        toast.error(failureText(err));
      } finally {
        setBusyId(null);
        await refresh();
      }
    },
    [refresh, toast],
  );

  const mark = (p: TAttendancePerson, present = true) =>
    run(p.id, () =>
      markAttendance({
        checkInAttendanceID: setUpId,
        personAttendanceID: p.id,
        ...(present ? {} : { isPresent: false }),
      }),
    );

  const checkOut = (p: TAttendancePerson, out = true) =>
    run(
      p.id,
      () =>
        checkOutPerson({
          checkInAttendanceID: setUpId,
          personAttendanceID: p.id,
          ...(out ? {} : { isCheckedOut: false }),
        }),
      (answer) => answer.trim() !== CHECKOUT_MESSAGES.notIn,
    );

  const remove = (p: TAttendancePerson) =>
    confirmDelete({
      cancelMessage: ATTENDANCE_SETUP_MESSAGES.deleteRejected,
      onConfirm: async () => {
        setBusyId(p.id);
        try {
          await deletePersonAttendance(p.id, setUpId);
          toast.success(REPORT_TEXTS.removed);
        } catch (err) {
          toast.error(failureText(err, MESSAGES.deleteFailedTryAgain));
        } finally {
          setBusyId(null);
          await refresh();
        }
      },
    });

  const bulk = useMutation({
    mutationFn: ({ checkin, ids }: { checkin: boolean; ids: string[] }) =>
      markAll({ checkInAttendanceID: setUpId, checkin, personAttendanceIDs: ids }),
    onSuccess: (answer, { checkin }) =>
      toast.success(
        checkin
          ? REPORT_TEXTS.markedAll(answer.returnObject.affected)
          : REPORT_TEXTS.checkedOutAll(answer.returnObject.affected),
      ),
    onError: (err) => toast.error(failureText(err)),
    onSettled: () => refresh(),
  });

  /** Asks, then marks the people present (`checkin`) or checks them out: 'Mark 3 people present?'. */
  const markMany = (people: TAttendancePerson[], checkin: boolean) => {
    const n = people.length;
    const who = n === 1 ? (people[0]?.name ?? '1 person') : `${n} people`;
    modal.confirm({
      title: checkin ? `Mark ${who} present?` : `Check out ${who}?`,
      content: checkin
        ? 'They are recorded as present now, marked by you.'
        : 'They are recorded as checked out now, by you.',
      okText: checkin ? 'Mark present' : 'Check out',
      cancelText: 'Cancel',
      onOk: () => bulk.mutateAsync({ checkin, ids: people.map((p) => p.id) }).catch(() => undefined),
    });
  };

  return { busyId, mark, checkOut, remove, markMany, bulkPending: bulk.isPending };
}

/**
 * Saves part of the report through UpdateCheckInAttendance (fields not sent stay as they are),
 * toasts 'Saved successfully' or the failure, and refreshes the report.
 */
export function useReportSave(setUpId: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (patch: Omit<Parameters<typeof updateCheckInAttendance>[0], 'id'>) =>
      updateCheckInAttendance({ id: setUpId, ...patch }),
    onSuccess: () => toast.success(REPORT_TEXTS.saved),
    onError: (err) => toast.error(failureText(err)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: markingKeys.report(setUpId) }),
  });
}
