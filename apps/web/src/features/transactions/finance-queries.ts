import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  financeKeys,
  getCashBankBalances,
  getExpenseAccounts,
  getTransactionalAccounts,
  getTransactionByNumber,
  getTransactions,
  type TransactionQuery,
} from '../../api/finance.ts';

/** GET /api/Financials/Accounts/GetCashBankAccountsBalances */
export function useCashBankBalances() {
  return useQuery({ queryKey: financeKeys.balances(), queryFn: getCashBankBalances });
}

/** GET /api/Financials/Accounts/GetExpenseAccounts */
export function useExpenseAccounts() {
  return useQuery({ queryKey: financeKeys.expense(), queryFn: getExpenseAccounts });
}

/** GET /api/Financials/Accounts/GetTransactionalAccounts */
export function useTransactionalAccounts() {
  return useQuery({ queryKey: financeKeys.transactional(), queryFn: getTransactionalAccounts });
}

/** GET /api/Financials/Accounts/v2/Transactions; the previous page stays on screen while the next loads. */
export function useTransactions(q: TransactionQuery) {
  return useQuery({
    queryKey: financeKeys.list(q),
    queryFn: ({ signal }) => getTransactions(q, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/Financials/Accounts/GetEditFinancialTransaction (the edit panel); never served from an old cache entry. */
export function useEditableTransaction(transactionNumber: string | null) {
  return useQuery({
    queryKey: financeKeys.byNumber(transactionNumber ?? ''),
    queryFn: () => getTransactionByNumber(transactionNumber ?? ''),
    enabled: transactionNumber !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
