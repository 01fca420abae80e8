import type { TPeriodSummary } from '@steward/contracts/offerings';
import { SummaryCharts, type PeriodChartsProps, type SummaryChartsLabels } from '../../components/summary-charts.tsx';
import { DONATION_CHART_HEIGHT } from './donations-layout.ts';

const LABELS: SummaryChartsLabels = {
  pie: 'Donations by item',
  area: 'So Far',
  series: 'So Far',
  caption: 'So Far',
  color: '#12b886',
  gradientId: 'donationArea',
};

/** The pie's slices: a missing item name ('Not_Specified' or empty) reads 'Not Sure', as the existing client shows it. */
function slices(pie: TPeriodSummary['pieChart']): TPeriodSummary['pieChart'] {
  return pie.map((p) => ({ ...p, name: !p.name || p.name === 'Not_Specified' ? 'Not Sure' : p.name }));
}

/**
 * The two charts of the donation summary (giving spec 2.5; recharts, lazy-loaded after the page's
 * first paint): a pie of the period's donations by item and the area chart 'So Far' of its day
 * totals, amounts in the tenant currency `currencyCode` (ISO 4217).
 */
export function DonationsCharts({ data, periodLabel, currencyCode }: PeriodChartsProps) {
  return (
    <SummaryCharts
      pie={slices(data.pieChart)}
      bar={data.barChart}
      periodLabel={periodLabel}
      currencyCode={currencyCode}
      height={DONATION_CHART_HEIGHT}
      labels={LABELS}
    />
  );
}
