import type { TChartSeries } from '@steward/contracts/dashboard';
import { Card, Flex, Segmented, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useId, useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { allZero, chartPoints, formatCount, type ChartPeriod } from './dashboard-format.ts';
import { SectionError } from './section-error.tsx';

// recharts (about 100 KB gzip) loads after the page's first paint, with the figures (issue 7 'Speed')
const CountBarChart = lazy(() => import('./count-bar-chart.tsx').then((m) => ({ default: m.CountBarChart })));

interface CountChartCardProps {
  title: string;
  /** The name of the series in the answer ('Attendance', 'First Timers'). */
  seriesName: string;
  /** What one count is, for the tooltip ('People checked in'). */
  unit: string;
  color: string;
  /** The empty state's text. */
  emptyText: string;
  weekly: TChartSeries[] | undefined;
  monthly: TChartSeries[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

const PERIODS: { value: ChartPeriod; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];

/**
 * A bar chart of counts per week (52) or month (12) of GET /dashboard/attendance, with a
 * Weekly/Monthly switch, a loading skeleton, an empty state when every count is zero and an
 * error state. The figures are also given as a table for screen readers.
 */
export function CountChartCard(props: CountChartCardProps) {
  const { title, seriesName, unit, color, emptyText, weekly, monthly, loading, error, onRetry } = props;
  const [period, setPeriod] = useState<ChartPeriod>('weekly');
  const titleId = useId();
  const points = chartPoints((period === 'weekly' ? weekly : monthly) ?? [], seriesName, period);
  const total = points.reduce((sum, p) => sum + p.value, 0);

  let body;
  if (loading) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (error) body = <SectionError error={error} what={title.toLowerCase()} onRetry={onRetry} />;
  else if (allZero(points)) body = <EmptyState description={emptyText} />;
  else
    body = (
      <>
        <Suspense fallback={<div style={{ height: 240 }} aria-busy="true" />}>
          <CountBarChart points={points} unit={unit} color={color} />
        </Suspense>
        <div className="visually-hidden">
          <table>
            <caption>
              {title}, {period}
            </caption>
            <thead>
              <tr>
                <th scope="col">{period === 'weekly' ? 'Week' : 'Month'}</th>
                <th scope="col">{unit}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.label}>
                  <th scope="row">{p.name}</th>
                  <td>{formatCount(p.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    );

  return (
    <Card role="region" aria-labelledby={titleId} style={{ height: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={2} id={titleId} style={{ fontSize: 16, margin: 0 }}>
            {title}
          </Typography.Title>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {/* a blank line when there is nothing to count keeps both cards' headers aligned */}
            {!loading && !error && total > 0 ? `${formatCount(total)} this year` : '\u00a0'}
          </Typography.Text>
        </div>
        <Segmented<ChartPeriod>
          size="small"
          aria-label={`${title} period`}
          options={PERIODS}
          value={period}
          onChange={setPeriod}
        />
      </Flex>
      {body}
    </Card>
  );
}
