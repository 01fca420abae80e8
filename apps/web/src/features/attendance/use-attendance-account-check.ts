import { ATTENDANCE_SETUP_MESSAGES } from '@steward/contracts/attendance-setup';
import { GIVING_MESSAGES } from '@steward/contracts/giving';
import type { FormInstance } from 'antd';
import { useMemo } from 'react';
import type { Toast } from '../../components/use-toast.ts';
import type { PaymentFormValues, ResolvedAccount } from '../giving/payment-form-model.ts';
import { useAccountCheck } from '../giving/use-account-check.ts';
import type { AttendanceFormValues } from './attendance-form-model.ts';

/**
 * The account-name check of the Paid tab (spec 2.9, §5, §8): giving's own check
 * (`useAccountCheck`: Steward's server asks the providers when the account number loses focus
 * or the bank changes with a number typed; the read-only 'Account Name' is filled, an answer for
 * a number no longer typed is dropped), with the attendance screen's failure text, 'Account
 * Check Error, Please check your banks details again', in place of the payment form's.
 *
 * The check reads and writes only the fields `bankCode`, `accountNumber` and `accountName`,
 * which this form names the same way.
 */
export function useAttendanceAccountCheck(
  form: FormInstance<AttendanceFormValues>,
  toast: Toast,
  initial: ResolvedAccount | null,
  onResolved: (account: ResolvedAccount) => void,
) {
  const attendanceToast = useMemo<Toast>(
    () => ({
      ...toast,
      error: (text, seconds) =>
        toast.error(
          text === GIVING_MESSAGES.checkBankDetails ? ATTENDANCE_SETUP_MESSAGES.accountCheckError : text,
          seconds,
        ),
    }),
    [toast],
  );
  // the same three field names: see the docstring
  return useAccountCheck(form as unknown as FormInstance<PaymentFormValues>, attendanceToast, initial, onResolved);
}
