import { GIVING_MESSAGES } from '@steward/contracts/giving';
import type { FormInstance } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { resolveAccount } from '../../api/giving.ts';
import { HttpError, isNetworkError } from '../../api/http.ts';
import type { Toast } from '../../components/use-toast.ts';
import { GIVING_TEXTS } from './giving-messages.ts';
import {
  isResolvedFor,
  normaliseAccountNumber,
  type PaymentFormValues,
  type ResolvedAccount,
} from './payment-form-model.ts';

/**
 * The account-name check of the payment form (giving spec 2.2, §5, §8): when the account number
 * loses focus (or the bank changes with a number typed), Steward's server asks the providers
 * for the holder's name, which fills the read-only 'Account Name'. Toasts: 'Account Check
 * Successful'; an empty number 'Please enter your account number'; a number that does not
 * resolve 'Please check your banks details again' (a provider message containing 'sorry' is shown
 * as a warning instead), the provider's reason under the field. An answer for a number or bank
 * no longer in the fields is dropped. `onResolved` runs after a new successful check.
 */
export function useAccountCheck(
  form: FormInstance<PaymentFormValues>,
  toast: Toast,
  initial: ResolvedAccount | null,
  onResolved: (account: ResolvedAccount) => void,
) {
  const [resolved, setResolved] = useState<ResolvedAccount | null>(initial);
  const [checking, setChecking] = useState(false);
  const latest = useRef(0);

  const check = useCallback(async () => {
    const accountNumber = normaliseAccountNumber(form.getFieldValue('accountNumber') as string | undefined);
    const bankCode = (form.getFieldValue('bankCode') as string | null | undefined) ?? '';
    if (!accountNumber) {
      latest.current += 1;
      setResolved(null);
      setChecking(false);
      form.setFieldValue('accountName', '');
      form.setFields([{ name: 'accountNumber', errors: [GIVING_MESSAGES.enterAccountNumber] }]);
      toast.error(GIVING_MESSAGES.enterAccountNumber);
      return;
    }
    if (!bankCode) {
      form.setFields([{ name: 'bankCode', errors: [GIVING_TEXTS.chooseBankFirst] }]);
      return;
    }
    if (isResolvedFor(resolved, accountNumber, bankCode)) return;
    const ticket = ++latest.current;
    setChecking(true);
    setResolved(null);
    form.setFieldValue('accountName', '');
    form.setFields([
      { name: 'accountNumber', errors: [] },
      { name: 'bankCode', errors: [] },
    ]);
    try {
      const res = await resolveAccount(accountNumber, bankCode);
      if (ticket !== latest.current) return;
      const account = { accountNumber, bankCode, accountName: res.accountName };
      setResolved(account);
      form.setFieldValue('accountName', res.accountName);
      toast.success(res.response);
      onResolved(account);
    } catch (err) {
      if (ticket !== latest.current) return;
      if (isNetworkError(err)) {
        toast.error(GIVING_MESSAGES.networkDisrupted);
      } else if (err instanceof HttpError && err.status === 400) {
        const bankError = err.fieldErrors.find((f) => f.field === 'bankCode');
        const numberError = err.fieldErrors.find((f) => f.field === 'accountNumber');
        if (bankError) form.setFields([{ name: 'bankCode', errors: [bankError.message] }]);
        form.setFields([{ name: 'accountNumber', errors: [numberError?.message ?? GIVING_MESSAGES.checkBankDetails] }]);
        const said = numberError?.message ?? '';
        if (/sorry/i.test(said)) toast.warning(said);
        else toast.error(GIVING_MESSAGES.checkBankDetails);
      } else {
        toast.error(
          err instanceof HttpError && err.serverMessage ? err.serverMessage : GIVING_MESSAGES.checkBankDetails,
        );
      }
    } finally {
      if (ticket === latest.current) setChecking(false);
    }
  }, [form, toast, resolved, onResolved]);

  /** Forgets the resolved account (the fields were cleared). */
  const reset = useCallback(() => {
    latest.current += 1;
    setChecking(false);
    setResolved(null);
  }, []);

  return { resolved, checking, check, reset };
}
