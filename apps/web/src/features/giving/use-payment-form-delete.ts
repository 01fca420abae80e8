import { GIVING_MESSAGES } from '@steward/contracts/giving';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deletePaymentForm, givingKeys } from '../../api/giving.ts';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';
import { GIVING_TEXTS } from './giving-messages.ts';

/**
 * Deletes a payment form after 'Confirm delete' / 'Are you sure you want to Delete?' (giving
 * spec §5, §8). Cancel: 'Delete canceled'. Success: the server's text, 'Payment form deleted',
 * or, for a form that has payments and is kept with its history, that it was deactivated (a
 * warning). HTTP 400: 'Unable to delete, Ensure this member is not in any group' (the spec's
 * text); a lost connection: 'Oops, Your internet connection was disrupted'; anything else
 * 'Unable to delete, An error occurred, please try again'. The list reloads afterwards.
 */
export function usePaymentFormDelete(onDeleted?: (id: string) => void) {
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      confirmDelete({
        text: GIVING_TEXTS.deleteFormQuestion,
        cancelMessage: GIVING_MESSAGES.deleteCanceled,
        onConfirm: async () => {
          try {
            const res = await deletePaymentForm(id);
            if (res.returnObject.deleted) toast.success(res.response);
            else toast.warning(res.response, 8);
            queryClient.removeQueries({ queryKey: givingKeys.form(id) });
            onDeleted?.(id);
          } catch (err) {
            toast.error(
              isNetworkError(err)
                ? GIVING_MESSAGES.networkDisrupted
                : err instanceof HttpError && err.status === 400
                  ? GIVING_MESSAGES.formDeleteBadRequest
                  : GIVING_MESSAGES.formDeleteFailed,
            );
          }
          await queryClient.invalidateQueries({ queryKey: givingKeys.all });
        },
      }),
    [confirmDelete, toast, queryClient, onDeleted],
  );
}
