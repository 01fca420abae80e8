import type { TPeriodSummary } from '@steward/contracts/offerings';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatAmount } from './format-amount.ts';

const COLORS = ['#3b5bdb', '#12b886', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#e64980'];
/** The height of the area chart's caption, taken from the chart's own height, in CSS pixels. */
const CAPTION_HEIGHT = 24;

/** The props of a summary's charts wrapper: one period's figures, its label and currency. */
export interface PeriodChartsProps {
  data: TPeriodSummary;
  periodLabel: string;
  /** ISO 4217 code of the tenant currency */
  currencyCode: string;
}

/** The words and colours that tell one summary's charts from another's. */
export interface SummaryChartsLabels {
  /** the pie's accessible name before ', <period>', e.g. 'Offerings by item' */
  pie: string;
  /** the area chart's accessible name before ', <period>' */
  area: string;
  /** the area series' name (shown in its tooltip) */
  series: string;
  /** a visible caption above the area chart ('So Far'), none when absent */
  caption?: string;
  /** the area's stroke and gradient colour (CSS colour) */
  color: string;
  /** the SVG id of the area's gradient, unique on the page */
  gradientId: string;
}

interface SummaryChartsProps {
  /** the pie's slices: name and amount in major units */
  pie: TPeriodSummary['pieChart'];
  /** the day totals: `data` numbers in major units, `categories` the matching 'MM/DD/YYYY' days */
  bar: TPeriodSummary['barChart'];
  periodLabel: string;
  /** ISO 4217 code of the amounts */
  currencyCode: string;
  /** each chart's height in CSS pixels, the area chart's caption included */
  height: number;
  labels: SummaryChartsLabels;
}

/**
 * The two charts of a period summary (offerings spec 2.1, giving spec 2.5; recharts, lazy-loaded
 * by the summaries after the page's first paint, issue 7 'Speed'): a pie of the period's amounts
 * by item and an area chart of its day totals, amounts in `currencyCode`.
 */
export function SummaryCharts({ pie, bar, periodLabel, currencyCode, height, labels }: SummaryChartsProps) {
  const money = (v: number) => formatAmount(v, currencyCode);
  const points = bar.data.map((value, i) => ({ name: bar.categories[i] ?? '', value }));
  return (
    <div className="offerings-charts">
      <figure style={{ margin: 0, height }} aria-label={`${labels.pie}, ${periodLabel}`}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie data={pie} dataKey="value" nameKey="name" innerRadius={55} outerRadius={90} paddingAngle={2}>
              {pie.map((p, i) => (
                <Cell key={`${p.name}-${i}`} fill={COLORS[i % COLORS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(v) => money(Number(v))} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </figure>
      <figure style={{ margin: 0, height }} aria-label={`${labels.area}, ${periodLabel}`}>
        {labels.caption ? (
          <figcaption style={{ fontSize: 13, fontWeight: 600, marginBottom: 4 }}>{labels.caption}</figcaption>
        ) : null}
        <ResponsiveContainer width="100%" height={labels.caption ? height - CAPTION_HEIGHT : '100%'}>
          {/* the right margin leaves room for half of the last 'MM/DD/YYYY' label (issue 7) */}
          <AreaChart data={points} margin={{ top: 8, right: 44, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id={labels.gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={labels.color} stopOpacity={0.35} />
                <stop offset="100%" stopColor={labels.color} stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={12} />
            <YAxis
              tick={{ fontSize: 12 }}
              width={72}
              tickFormatter={(v: number) => formatAmount(v, currencyCode, { display: 'none' }).replace(/\.\d+$/, '')}
            />
            <Tooltip formatter={(v) => money(Number(v))} />
            <Area
              type="monotone"
              dataKey="value"
              name={labels.series}
              stroke={labels.color}
              fill={`url(#${labels.gradientId})`}
              strokeWidth={2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
