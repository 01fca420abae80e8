import type { TAccount, TFund } from '@steward/contracts/chart';
import { MESSAGES } from '@steward/contracts/messages';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback } from 'react';
import { deactivateAccount, deleteAccount, deleteFund, type DeleteOutcome } from '../../api/chart.ts';
import { accountKeys } from '../../api/query-keys.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';
import { CHART_MESSAGES, CHART_TOAST_SECONDS } from './chart-messages.ts';

/**
 * Deleting an account or a fund (spec §5, §8): 'Confirm delete' first (Cancel: 'Delete canceled');
 * a success shows the server's text. An account with postings cannot be deleted (409): the
 * reason is shown with a 'Deactivate' button (POST Accounts/Deactivate, for a fund with its
 * account id). Any other failure: 'Account not deleted'. The chart and pickers reload.
 */
export function useAccountDelete() {
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: accountKeys.all }), [queryClient]);

  const offerDeactivate = useCallback(
    (account: TAccount, outcome: DeleteOutcome) => {
      modal.confirm({
        title: CHART_MESSAGES.accountNotDeleted,
        content: outcome.response,
        okText: 'Deactivate',
        cancelText: 'Close',
        onOk: async () => {
          try {
            const res = await deactivateAccount(account.id);
            if (res.status) toast.success(res.response || `${account.name} deactivated`, CHART_TOAST_SECONDS);
            else toast.error(res.response || CHART_MESSAGES.accountNotDeleted, CHART_TOAST_SECONDS);
          } catch {
            toast.error(CHART_MESSAGES.accountNotDeleted, CHART_TOAST_SECONDS);
          }
          await reload();
        },
      });
    },
    [modal, toast, reload],
  );

  return useCallback(
    (account: TAccount, fund: TFund | null) =>
      confirmDelete({
        cancelMessage: MESSAGES.deleteCanceled,
        onConfirm: async () => {
          let outcome: DeleteOutcome;
          try {
            outcome = fund ? await deleteFund(fund.id) : await deleteAccount(account.id);
          } catch {
            toast.error(CHART_MESSAGES.accountNotDeleted, CHART_TOAST_SECONDS);
            return;
          }
          if (outcome.deleted) {
            toast.success(outcome.response || `${account.name} deleted`, CHART_TOAST_SECONDS);
            await reload();
          } else if (outcome.canDeactivate && account.isActive) offerDeactivate(account, outcome);
          else toast.error(outcome.response || CHART_MESSAGES.accountNotDeleted, CHART_TOAST_SECONDS);
        },
      }),
    [confirmDelete, toast, reload, offerDeactivate],
  );
}
