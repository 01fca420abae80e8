import type { TTransactionRecord } from '@steward/contracts/finance';
import { MESSAGES } from '@steward/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { approveTransaction, deleteTransaction, financeKeys } from '../../api/finance.ts';
import { HttpError } from '../../api/http.ts';
import { accountKeys } from '../../api/query-keys.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';
import { FINANCE_MESSAGES } from './finance-messages.ts';

/** Reloads the transaction lists and every balance (spec §4: after a save the list and balances reload). */
export function useReloadFinance() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: financeKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]),
    [queryClient],
  );
}

/**
 * Delete a transaction (spec §5, §8): 'Confirm delete' first (Cancel: 'Rejected'), then the
 * server's text on success or 'Delete Failed'. `onDeleted` runs after a success.
 */
export function useDeleteTransaction() {
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const reload = useReloadFinance();
  return useCallback(
    (id: string, onDeleted?: () => void) =>
      confirmDelete({
        cancelMessage: MESSAGES.rejected,
        onConfirm: async () => {
          try {
            const res = await deleteTransaction(id);
            if (!res.status) {
              toast.error(FINANCE_MESSAGES.deleteFailed);
              return;
            }
            toast.success(res.response || 'Transaction deleted');
            onDeleted?.();
          } catch (err) {
            // 409: the transaction is approved; the server says it must be unapproved first
            toast.error(
              err instanceof HttpError && err.status === 409 && err.serverMessage
                ? err.serverMessage
                : FINANCE_MESSAGES.deleteFailed,
            );
          }
          await reload();
        },
      }),
    [confirmDelete, toast, reload],
  );
}

/**
 * Approve or unapprove a row (spec §4, §8): the tick approves, the approved icon unapproves;
 * `pending` holds the ids whose request runs (their icon spins).
 */
export function useApproveTransaction() {
  const toast = useToast();
  const reload = useReloadFinance();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const toggle = useCallback(
    async (r: Pick<TTransactionRecord, 'id' | 'approved' | 'memo'>) => {
      const approved = !r.approved;
      setPending((s) => new Set(s).add(r.id));
      try {
        const res = await approveTransaction({ id: r.id, approved, memo: r.memo });
        if (res.status) toast.success(approved ? FINANCE_MESSAGES.approved : FINANCE_MESSAGES.unapproved);
        else toast.error(FINANCE_MESSAGES.approveFailed);
      } catch {
        toast.error(FINANCE_MESSAGES.approveFailed);
      }
      await reload();
      setPending((s) => {
        const next = new Set(s);
        next.delete(r.id);
        return next;
      });
    },
    [toast, reload],
  );

  return { pending, toggle };
}
