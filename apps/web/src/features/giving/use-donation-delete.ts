import { GIVING_MESSAGES } from '@steward/contracts/giving';
import { DONATION_MESSAGES } from '@steward/contracts/donations';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteDonation, donationKeys } from '../../api/donations.ts';
import { isNetworkError, serverMessageOf } from '../../api/http.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';

/** The question asked before a donation is deleted: it reverses the books, it refunds nothing. */
export const DELETE_DONATION_QUESTION =
  "Are you sure you want to proceed? The donation will be reversed in your books, but the giver's money is not refunded: refund it from the payment provider's dashboard if needed.";

/**
 * Deletes a donation after 'Confirm delete' (giving spec §5, §8; issue 10: the journal entry is
 * reversed, and the user is told the provider's money is not refunded). Cancel: 'Delete
 * canceled'. `status` true: the server's text (it says the payment is not refunded), for 8 s;
 * false: warning 'Delete Failed'; a failed request: a warning with the server's text. The list
 * and the summary reload afterwards.
 */
export function useDonationDelete() {
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) =>
      confirmDelete({
        text: DELETE_DONATION_QUESTION,
        cancelMessage: GIVING_MESSAGES.deleteCanceled,
        onConfirm: async () => {
          try {
            const res = await deleteDonation(id);
            if (res.status) toast.success(res.response || DONATION_MESSAGES.donationDeleted, 8);
            else toast.warning(res.response || GIVING_MESSAGES.deleteFailed);
          } catch (err) {
            toast.warning(
              isNetworkError(err)
                ? GIVING_MESSAGES.networkDisrupted
                : (serverMessageOf(err) ?? GIVING_MESSAGES.deleteFailed),
            );
          }
          await queryClient.invalidateQueries({ queryKey: donationKeys.all });
        },
      }),
    [confirmDelete, toast, queryClient],
  );
}
