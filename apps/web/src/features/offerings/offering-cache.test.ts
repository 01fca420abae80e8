import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { financeKeys } from '../../api/finance.ts';
import { eventKeys, offeringKeys } from '../../api/query-keys.ts';
import { registerKeys } from '../../api/register.ts';
import { reportKeys } from '../../api/report.ts';
import { chartKeys } from '../../api/chart.ts';
import { invalidateAfterOfferingChange } from './offering-cache.ts';

describe('invalidateAfterOfferingChange (issue 7, part 4)', () => {
  it('marks the offerings, balances, transactions, registers and reports stale, and nothing else', async () => {
    const client = new QueryClient();
    const keys = {
      summary: offeringKeys.summary(),
      balances: financeKeys.balances(),
      chart: chartKeys.chart(),
      transactions: financeKeys.list({ page: 1, pageSize: 10 }),
      register: registerKeys.account('cash-id', 50),
      report: reportKeys.status({ date: '2026-11-22', activityId: null }),
      events: eventKeys.activities(),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });

    await invalidateAfterOfferingChange(client);

    const stale = Object.fromEntries(
      Object.entries(keys).map(([name, key]) => [name, client.getQueryState(key)?.isInvalidated]),
    );
    expect(stale).toEqual({
      summary: true,
      balances: true,
      chart: true,
      transactions: true,
      register: true,
      report: true,
      events: false,
    });
  });
});
