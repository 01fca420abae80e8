import type { TChartSeries } from '@steward/contracts/dashboard';

const COUNT = new Intl.NumberFormat('en-US');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A whole count with thousands separators: 12345 → '12,345'. */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

export type ChartPeriod = 'weekly' | 'monthly';

/** One bar of a chart: its label ('W1'…'W52', 'Jan'…'Dec'), a longer name, and the count. */
export interface ChartPoint {
  label: string;
  name: string;
  value: number;
}

/**
 * The points of the series named `name` (or the first series) of a weekly (52 values) or
 * monthly (12 values) answer of GET /dashboard/attendance. Empty when the series is missing.
 */
export function chartPoints(series: TChartSeries[], name: string, period: ChartPeriod): ChartPoint[] {
  const data = (series.find((s) => s.name === name) ?? series[0])?.data ?? [];
  return data.map((value, i) =>
    period === 'weekly'
      ? { label: `W${i + 1}`, name: `Week ${i + 1}`, value }
      : { label: MONTHS[i] ?? String(i + 1), name: MONTHS[i] ?? String(i + 1), value },
  );
}

/** True when every point is zero (nothing to chart). */
export function allZero(points: ChartPoint[]): boolean {
  return points.every((p) => p.value === 0);
}
