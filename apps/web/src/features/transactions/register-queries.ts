import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { getAccountRegister, getDocumentLines, registerKeys } from '../../api/register.ts';

/**
 * GET /api/Financials/Accounts/Transactions/Account, one page of `pageSize` postings after
 * another (newest first): a page shorter than `pageSize` is the last.
 */
export function useAccountRegister(accountId: string, pageSize: number) {
  return useInfiniteQuery({
    queryKey: registerKeys.account(accountId, pageSize),
    queryFn: ({ pageParam, signal }) => getAccountRegister({ id: accountId, page: pageParam, pageSize }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.length < pageSize ? undefined : all.length + 1),
    // postings arrive from other screens too (offerings): read afresh whenever an account is chosen
    staleTime: 0,
  });
}

/**
 * GET /api/Financials/Transactions/Lines for the documents `ids` (at most 100; none: no call):
 * each line's account and side. The previous answer stays while the next page's loads.
 */
export function useDocumentLines(ids: readonly string[]) {
  return useQuery({
    queryKey: registerKeys.lines(ids),
    queryFn: ({ signal }) => getDocumentLines(ids, signal),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}
