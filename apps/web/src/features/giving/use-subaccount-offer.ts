import { GIVING_MESSAGES } from '@steward/contracts/giving';
import { App } from 'antd';
import { useCallback, useRef } from 'react';
import { getSubaccounts } from '../../api/giving.ts';
import type { Toast } from '../../components/use-toast.ts';
import { GIVING_TEXTS } from './giving-messages.ts';
import { usableSubaccounts } from './payment-form-model.ts';

interface SubaccountOfferHandlers {
  /** The person chose to use subaccount `subaccountId`. */
  onUse: (subaccountId: string) => void;
  /** The person declined: the account number, account name and bank are to be cleared (spec §4). */
  onDecline: () => void;
}

/**
 * FlutterWave's subaccount check of the payment form (giving spec §4, §8): for an account number,
 * asks Steward for the FlutterWave subaccounts of that number (GET /api/PaymentForm/subaccounts)
 * and, when one exists, asks whether to use it. Confirm: 'Confirmed, The selected account is now
 * in use'; Cancel: 'Please enter another bank account details to enable Flutterwave subaccount
 * integration'. When none exists nothing is asked: the server creates one when the form is saved.
 * Each account number is asked about once until `forget` is called.
 */
export function useSubaccountOffer(toast: Toast, { onUse, onDecline }: SubaccountOfferHandlers) {
  const { modal } = App.useApp();
  const askedFor = useRef<string | null>(null);

  const offer = useCallback(
    async (accountNumber: string) => {
      if (!accountNumber || askedFor.current === accountNumber) return;
      askedFor.current = accountNumber;
      let found;
      try {
        found = usableSubaccounts(await getSubaccounts(accountNumber));
      } catch {
        askedFor.current = null;
        toast.warning(GIVING_TEXTS.subaccountUnavailable, 6);
        return;
      }
      const sub = found[0];
      if (!sub) return;
      const bank = sub.bank_name ?? sub.account_bank;
      modal.confirm({
        title: GIVING_TEXTS.subaccountQuestionTitle,
        content: `FlutterWave already has a subaccount for account ${sub.account_number} at ${bank}, named ${sub.business_name}. Gifts through FlutterWave will settle into it.`,
        okText: 'Use it',
        cancelText: 'Cancel',
        onOk: () => {
          onUse(sub.subaccount_id);
          toast.success(GIVING_MESSAGES.subaccountConfirmed);
        },
        onCancel: () => {
          askedFor.current = null;
          onDecline();
          toast.warning(GIVING_MESSAGES.subaccountDeclined, 5);
        },
      });
    },
    [modal, toast, onUse, onDecline],
  );

  const forget = useCallback(() => {
    askedFor.current = null;
  }, []);

  return { offer, forget };
}
