import { useQuery } from '@tanstack/react-query';
import { chartKeys, getAccountHeads, getChartOfAccounts, getFunds } from '../../api/chart.ts';

/** GET /api/Financials/GetChartOfAccounts */
export function useChartOfAccounts() {
  return useQuery({ queryKey: chartKeys.chart(), queryFn: getChartOfAccounts });
}

/**
 * GET /api/Financials/Accounts/GetAccountHeads, its five groups' heads as one list in the chart's
 * order (heads change rarely: kept 5 minutes).
 */
export function useAccountHeads() {
  return useQuery({
    queryKey: chartKeys.heads(),
    queryFn: getAccountHeads,
    select: (groups) => groups.flatMap((g) => g.accountHeadsDTO),
    staleTime: 5 * 60 * 1000,
  });
}

/** GET /api/Financials/Funds */
export function useFunds() {
  return useQuery({ queryKey: chartKeys.funds(), queryFn: getFunds });
}
