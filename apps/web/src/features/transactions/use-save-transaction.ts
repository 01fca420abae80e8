import type { TExpenseSave, TIncomeSave } from '@steward/contracts/finance';
import { useMutation } from '@tanstack/react-query';
import { saveExpense, saveIncome, saveJournal, type TJournalSave } from '../../api/finance.ts';
import { HttpError } from '../../api/http.ts';
import { useToast } from '../../components/use-toast.ts';
import { useIdempotencyKey } from '../offerings/use-idempotency-key.ts';
import { FINANCE_MESSAGES } from './finance-messages.ts';
import { useReloadFinance } from './use-transaction-actions.ts';

export type SplitSave = { kind: 'income'; body: TIncomeSave } | { kind: 'expense'; body: TExpenseSave };

/**
 * Field errors of a 400 answer as 'field: reason' lines for the form; the server's text of a 409
 * (an approved transaction must be unapproved first, issue 7).
 */
function fieldProblems(err: unknown): string[] {
  if (!(err instanceof HttpError)) return [];
  if (err.status === 409 && err.serverMessage) return [err.serverMessage];
  return err.fieldErrors.map((e) => `${e.field}: ${e.message}`);
}

/**
 * Saves an income or expense (spec §8): 'Transaction saved successfully', status false 'The
 * operation was not successful'. One Idempotency-Key per submission (a retry of the same body
 * reuses it). The list and the balances reload; `onSaved` runs after a success, `onProblems`
 * receives the server's field errors.
 */
export function useSaveSplit(onSaved: () => void, onProblems: (problems: string[]) => void) {
  const toast = useToast();
  const reload = useReloadFinance();
  const idempotency = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: (save: SplitSave) => {
      const key = idempotency.keyFor(save);
      return save.kind === 'income' ? saveIncome(save.body, key) : saveExpense(save.body, key);
    },
    onSuccess: async (res) => {
      if (!res.status) {
        toast.error(FINANCE_MESSAGES.operationNotSuccessful);
        onProblems(res.response ? [res.response] : []);
        return;
      }
      idempotency.reset();
      toast.success(FINANCE_MESSAGES.transactionSaved);
      onSaved();
      await reload();
    },
    onError: (err) => {
      toast.error(FINANCE_MESSAGES.operationNotSuccessful);
      onProblems(fieldProblems(err));
    },
  });
  return mutation;
}

/**
 * Saves a general-ledger journal (spec §8): 'The transaction was {response}'; a server text
 * containing 'must equal' is shown as the error; anything else 'Transaction failed, please try again'.
 */
export function useSaveJournal(onSaved: () => void, onProblems: (problems: string[]) => void) {
  const toast = useToast();
  const reload = useReloadFinance();
  const idempotency = useIdempotencyKey();
  const failure = (text: string | null | undefined) =>
    text?.includes(FINANCE_MESSAGES.journalMustEqual) ? text : FINANCE_MESSAGES.journalFailed;
  return useMutation({
    mutationFn: ({ lines, id }: { lines: TJournalSave; id: string | undefined }) =>
      saveJournal(lines, id, idempotency.keyFor({ lines, id })),
    onSuccess: async (res) => {
      if (!res.status) {
        toast.error(failure(res.response));
        return;
      }
      idempotency.reset();
      toast.success(FINANCE_MESSAGES.journalSaved(res.response));
      onSaved();
      await reload();
    },
    onError: (err) => {
      toast.error(failure(err instanceof HttpError ? err.serverMessage : null));
      onProblems(fieldProblems(err));
    },
  });
}
