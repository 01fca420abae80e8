import type { QueryClient } from '@tanstack/react-query';
import { financeKeys } from '../../api/finance.ts';
import { accountKeys, offeringKeys } from '../../api/query-keys.ts';
import { reportKeys } from '../../api/report.ts';

/**
 * The cached answers an offering save, edit or delete makes stale (issue 7, part 4): the
 * offerings (list, summary, one offering), every account answer (cash/bank balances of the
 * account selector, the chart's balances, pickers), the finance transactions with the account
 * registers under them, and the offering reports. Marks them stale and refetches the ones on
 * screen, so the transaction page shows the new balance without a reload. Resolves when the
 * refetches have settled.
 */
export async function invalidateAfterOfferingChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [offeringKeys.all, accountKeys.all, financeKeys.all, reportKeys.all].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
