import { SummaryCharts, type PeriodChartsProps, type SummaryChartsLabels } from '../../components/summary-charts.tsx';
import { CHART_HEIGHT } from './offerings-summary-layout.ts';

const LABELS: SummaryChartsLabels = {
  pie: 'Offerings by item',
  area: 'Offerings over time',
  series: 'Offerings',
  color: '#3b5bdb',
  gradientId: 'offeringArea',
};

/**
 * The two charts of the offerings summary (spec 2.1; lazy-loaded by OfferingsSummary after the
 * page's first paint, issue 7 'Speed'): a pie chart of the period's offerings by offering item
 * and an area chart of its day totals, amounts in the tenant currency `currencyCode` (ISO 4217).
 */
export function OfferingsSummaryCharts({ data, periodLabel, currencyCode }: PeriodChartsProps) {
  return (
    <SummaryCharts
      pie={data.pieChart}
      bar={data.barChart}
      periodLabel={periodLabel}
      currencyCode={currencyCode}
      height={CHART_HEIGHT}
      labels={LABELS}
    />
  );
}
