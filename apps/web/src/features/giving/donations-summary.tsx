import type { TPeriodKey } from '@steward/contracts/offerings';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Select, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { donationKeys, getDonationsSummary } from '../../api/donations.ts';
import { isNetworkError } from '../../api/http.ts';
import { useTenantCurrency } from '../../app/current-user.ts';
import { formatAmount } from '../../components/format-amount.ts';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PERIOD_LABELS, PERIOD_OPTIONS } from '../../components/period-labels.ts';
import { DONATION_CHART_HEIGHT } from './donations-layout.ts';

// recharts (~110 KB gzip) loads after the page's first paint
const DonationsCharts = lazy(() => import('./donations-charts.tsx').then((m) => ({ default: m.DonationsCharts })));

/**
 * The summary card of the donation screens (giving spec 2.4, 2.5, §9): the period dropdown
 * ('Select a period', This Week by default), the period's total income in the tenant currency, a
 * pie chart by item and the 'So Far' area chart. A failed load says so with 'Try again', never a
 * total of zero.
 */
export function DonationsSummary() {
  const currency = useTenantCurrency();
  const [period, setPeriod] = useState<TPeriodKey>('thisWeek');
  const summary = useQuery({ queryKey: donationKeys.summary(), queryFn: getDonationsSummary });
  const data = summary.data?.[period];
  const periodLabel = PERIOD_LABELS[period];
  const failed = summary.isError && !summary.data;

  return (
    <div className="giving-card no-print" style={{ marginBottom: 20 }}>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Text type="secondary">Total income, {periodLabel}</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 28 }} data-testid="total-income">
            {summary.isPending ? (
              <Skeleton.Input active size="small" />
            ) : failed ? (
              <span aria-label="Total income not loaded">—</span>
            ) : (
              formatAmount(data?.income ?? 0, currency.code)
            )}
          </Typography.Title>
        </div>
        <Select<TPeriodKey>
          aria-label="Period"
          placeholder="Select a period"
          value={period}
          onChange={setPeriod}
          options={PERIOD_OPTIONS}
          style={{ width: 160 }}
        />
      </Flex>
      {summary.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : failed ? (
        isNetworkError(summary.error) ? (
          <NetworkErrorState onRetry={() => void summary.refetch()} />
        ) : (
          <Flex vertical align="center" gap={8} role="alert" style={{ padding: 24 }}>
            <Typography.Text>The donation totals could not be loaded.</Typography.Text>
            <Button onClick={() => void summary.refetch()} loading={summary.isFetching}>
              Try again
            </Button>
          </Flex>
        )
      ) : !data || (data.pieChart.length === 0 && data.barChart.data.length === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No donations in this period" />
      ) : (
        <Suspense fallback={<div style={{ height: DONATION_CHART_HEIGHT }} aria-busy="true" />}>
          <DonationsCharts data={data} periodLabel={periodLabel} currencyCode={currency.code} />
        </Suspense>
      )}
    </div>
  );
}
