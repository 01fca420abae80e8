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
import { formatAmount } from '../../components/format-amount.ts';
import { CHART_HEIGHT } from './offerings-summary-layout.ts';

const COLORS = ['#3b5bdb', '#12b886', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#e64980'];

/**
 * The area chart's points from the summary's bar chart: `data` holds the day totals (numbers,
 * as the existing client reads them) and `categories` the matching 'MM/DD/YYYY' days.
 */
function areaPoints(bar: TPeriodSummary['barChart']): { name: string; value: number }[] {
  return bar.data.map((value, i) => ({ name: bar.categories[i] ?? '', value }));
}

/**
 * The two charts of the offerings summary (recharts, lazy-loaded by OfferingsSummary after the
 * page's first paint, issue 7 'Speed'): a pie chart of the period's offerings by offering item
 * and an area chart of its day totals, amounts in the tenant currency `currencyCode` (ISO 4217).
 */
export function OfferingsSummaryCharts({
  data,
  periodLabel,
  currencyCode,
}: {
  data: TPeriodSummary;
  periodLabel: string;
  currencyCode: string;
}) {
  const money = (v: number) => formatAmount(v, currencyCode);
  return (
    <div className="offerings-charts">
      <div>
        <figure style={{ margin: 0, height: CHART_HEIGHT }} aria-label={`Offerings by item, ${periodLabel}`}>
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie
                data={data.pieChart}
                dataKey="value"
                nameKey="name"
                innerRadius={55}
                outerRadius={90}
                paddingAngle={2}
              >
                {data.pieChart.map((p, i) => (
                  <Cell key={p.name} fill={COLORS[i % COLORS.length]} />
                ))}
              </Pie>
              <Tooltip formatter={(v) => money(Number(v))} />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </figure>
      </div>
      <div>
        <figure style={{ margin: 0, height: CHART_HEIGHT }} aria-label={`Offerings over time, ${periodLabel}`}>
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart
              data={areaPoints(data.barChart)}
              // room for half of the last 'MM/DD/YYYY' label, centred on the last point (issue 7)
              margin={{ top: 8, right: 44, bottom: 0, left: 0 }}
            >
              <defs>
                <linearGradient id="offeringArea" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="#3b5bdb" stopOpacity={0.35} />
                  <stop offset="100%" stopColor="#3b5bdb" stopOpacity={0.02} />
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
                name="Offerings"
                stroke="#3b5bdb"
                fill="url(#offeringArea)"
                strokeWidth={2}
              />
            </AreaChart>
          </ResponsiveContainer>
        </figure>
      </div>
    </div>
  );
}
