import { MESSAGES, TOAST_SECONDS } from '@steward/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { NetworkError, serverMessageOf, TimeoutError } from '../../api/http.ts';
import { deleteOffering, deleteOfferings } from '../../api/offerings.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';

/**
 * The cache helper names the finance and report queries, which brings their API modules and
 * contracts (about 3 KB gzip): loaded when a confirmation opens, not with the list (issue 7 'Speed').
 */
const loadOfferingCache = () => import('./offering-cache.ts');

/**
 * Single and bulk delete of offering transactions with the spec's confirmation and toasts
 * (§5, §8). Cancel shows 'Rejected'. The list, the summary and the account balances reload afterwards.
 */
export function useOfferingDeletes() {
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const queryClient = useQueryClient();
  const reload = useCallback(async () => {
    const { invalidateAfterOfferingChange } = await loadOfferingCache();
    await invalidateAfterOfferingChange(queryClient);
  }, [queryClient]);

  const deleteOne = useCallback(
    (id: string) => {
      loadOfferingCache().catch(() => undefined); // warmed while the user reads the question
      confirmDelete({
        cancelMessage: MESSAGES.rejected,
        onConfirm: async () => {
          try {
            const res = await deleteOffering(id);
            if (res.status) toast.success(MESSAGES.offeringDeleted);
            else toast.error(MESSAGES.deleteFailedTryAgain);
          } catch (err) {
            toast.error(
              err instanceof NetworkError
                ? MESSAGES.networkDisrupted
                : (serverMessageOf(err) ?? MESSAGES.deleteFailedTryAgain),
            );
          }
          await reload();
        },
      });
    },
    [confirmDelete, toast, reload],
  );

  const deleteMany = useCallback(
    (ids: string[], onDone: () => void) => {
      loadOfferingCache().catch(() => undefined); // warmed while the user reads the question
      confirmDelete({
        cancelMessage: MESSAGES.rejected,
        onConfirm: async () => {
          try {
            const res = await deleteOfferings(ids);
            if (res.status) toast.success(MESSAGES.offeringsDeleted(res.response));
            else toast.error(res.response || MESSAGES.deleteFailedTryAgain);
            onDone();
          } catch (err) {
            if (err instanceof NetworkError) toast.error(MESSAGES.bulkDeleteNetwork, TOAST_SECONDS.info);
            else if (err instanceof TimeoutError) toast.error(MESSAGES.bulkDeleteTimeout);
            else toast.error(serverMessageOf(err) ?? MESSAGES.deleteFailedTryAgain);
          }
          await reload();
        },
      });
    },
    [confirmDelete, toast, reload],
  );

  return { deleteOne, deleteMany };
}
