import type { TPeriodKey } from '@steward/contracts/offerings';
import { PERIOD_LABELS, PERIOD_OPTIONS } from '../../components/period-labels.ts';
import { useQuery } from '@tanstack/react-query';
import { DownOutlined, WarningFilled } from '@ant-design/icons';
import { Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { getOfferingsSummary } from '../../api/offerings.ts';
import { offeringKeys } from '../../api/query-keys.ts';
import { useTenantCurrency } from '../../app/current-user.ts';
import { isNetworkError } from '../../api/http.ts';
import { formatAmount } from '../../components/format-amount.ts';
import { NetworkErrorState, PlainResult } from '../../components/network-error-state.tsx';
import { CHART_HEIGHT, PERIOD_SELECT_WIDTH } from './offerings-summary-layout.ts';

// The charts (recharts, ~110 KB gzip) load after the page's first paint, and the period dropdown
// (antd's Select, ~17 KB gzip) beside the figures rather than before the list (issue 7 'Speed').
const OfferingsSummaryCharts = lazy(() =>
  import('./offerings-summary-charts.tsx').then((m) => ({ default: m.OfferingsSummaryCharts })),
);
const OfferingsPeriodSelect = lazy(() =>
  import('./offerings-period-select.tsx').then((m) => ({ default: m.OfferingsPeriodSelect })),
);

/** Where the charts will be while their code loads: the same two columns, each CHART_HEIGHT tall. */
function ChartsPlaceholder() {
  return (
    <div className="offerings-charts" aria-busy="true" aria-label="Loading the charts">
      <div style={{ height: CHART_HEIGHT }} />
      <div style={{ height: CHART_HEIGHT }} />
    </div>
  );
}

/**
 * What the period dropdown looks like while antd's Select loads: its size, border, current label
 * and arrow, so that nothing moves when the real one takes its place.
 */
function PeriodSelectPlaceholder({ label }: { label: string }) {
  return (
    <div
      aria-busy="true"
      style={{
        width: PERIOD_SELECT_WIDTH,
        height: 32,
        padding: '0 11px',
        border: '1px solid #d9d9d9',
        borderRadius: 8,
        background: '#fff',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
      }}
    >
      <span>{label}</span>
      <DownOutlined aria-hidden style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.25)' }} />
    </div>
  );
}

/**
 * The summary card's error state: the network screen when the connection dropped, otherwise
 * 'The offering totals could not be loaded.' with a 'Try again' button that reloads the summary.
 */
function SummaryError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  if (isNetworkError(error)) return <NetworkErrorState onRetry={onRetry} />;
  return (
    <div role="alert" data-testid="summary-error">
      <PlainResult
        icon={<WarningFilled aria-hidden />}
        iconColor="#faad14"
        title="The offering totals could not be loaded."
        extra={
          <Button type="primary" onClick={onRetry} loading={retrying}>
            Try again
          </Button>
        }
      />
    </div>
  );
}

/**
 * The period dropdown of the offerings list (spec 2.1, 'This Week' by default) with the total
 * income of the period in the tenant currency, a pie chart (by offering item) and an area chart.
 * When the summary cannot be loaded it says so, with a 'Try again' button, rather than showing a
 * total of zero (issue 7, part 4). The charts and the period dropdown load lazily, after the
 * page's first paint (a look-alike of the dropdown stands in for it meanwhile).
 */
export function OfferingsSummary() {
  const currency = useTenantCurrency();
  const [period, setPeriod] = useState<TPeriodKey>('thisWeek');
  const summary = useQuery({ queryKey: offeringKeys.summary(), queryFn: getOfferingsSummary });
  const data = summary.data?.[period];
  const money = (v: number) => formatAmount(v, currency.code);
  const periodLabel = PERIOD_LABELS[period];
  // a failed load with nothing cached shows the error, never a total of zero
  const failed = summary.isError && !summary.data;

  return (
    // antd's Card drawn in plain markup: Card brings Tabs (~14 KB gzip) this card has none of (issue 7)
    <div style={{ marginBottom: 20, padding: 20, background: '#fff', border: '1px solid #f0f0f0', borderRadius: 10 }}>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Text type="secondary">Total income, {periodLabel}</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 28 }} data-testid="total-income">
            {summary.isPending ? (
              <Skeleton.Input active size="small" />
            ) : failed ? (
              <span aria-label="Total income not loaded">—</span>
            ) : (
              money(data?.income ?? 0)
            )}
          </Typography.Title>
        </div>
        <Suspense fallback={<PeriodSelectPlaceholder label={periodLabel} />}>
          <OfferingsPeriodSelect value={period} onChange={setPeriod} options={PERIOD_OPTIONS} />
        </Suspense>
      </Flex>
      {summary.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : failed ? (
        <SummaryError error={summary.error} onRetry={() => void summary.refetch()} retrying={summary.isFetching} />
      ) : !data || (data.pieChart.length === 0 && data.barChart.data.length === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No offerings in this period" />
      ) : (
        <Suspense fallback={<ChartsPlaceholder />}>
          <OfferingsSummaryCharts data={data} periodLabel={periodLabel} currencyCode={currency.code} />
        </Suspense>
      )}
    </div>
  );
}
