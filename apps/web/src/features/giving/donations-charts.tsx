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
import { DONATION_CHART_HEIGHT } from './donations-layout.ts';

const COLORS = ['#3b5bdb', '#12b886', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#e64980'];

/** The pie's slices: a missing item name ('Not_Specified' or empty) reads 'Not Sure', as the existing client shows it. */
function slices(pie: TPeriodSummary['pieChart']): { name: string; value: number }[] {
  return pie.map((p) => ({ name: !p.name || p.name === 'Not_Specified' ? 'Not Sure' : p.name, value: p.value }));
}

/**
 * The two charts of the donation summary (giving spec 2.5; recharts, lazy-loaded after the page's
 * first paint): a pie of the period's donations by item and the area chart 'So Far' of its day
 * totals, amounts in the tenant currency `currencyCode` (ISO 4217).
 */
export function DonationsCharts({
  data,
  periodLabel,
  currencyCode,
}: {
  data: TPeriodSummary;
  periodLabel: string;
  currencyCode: string;
}) {
  const money = (v: number) => formatAmount(v, currencyCode);
  const points = data.barChart.data.map((value, i) => ({ name: data.barChart.categories[i] ?? '', value }));
  return (
    <div className="offerings-charts">
      <figure style={{ margin: 0, height: DONATION_CHART_HEIGHT }} aria-label={`Donations by item, ${periodLabel}`}>
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={slices(data.pieChart)}
              dataKey="value"
              nameKey="name"
              innerRadius={55}
              outerRadius={90}
              paddingAngle={2}
            >
              {data.pieChart.map((p, i) => (
                <Cell key={`${p.name}-${i}`} fill={COLORS[i % COLORS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(v) => money(Number(v))} />
            <Legend />
          </PieChart>
        </ResponsiveContainer>
      </figure>
      <figure style={{ margin: 0, height: DONATION_CHART_HEIGHT }} aria-label={`So Far, ${periodLabel}`}>
        <figcaption style={{ fontSize: 13, fontWeight: 600, marginBottom: 4 }}>So Far</figcaption>
        <ResponsiveContainer width="100%" height={DONATION_CHART_HEIGHT - 24}>
          <AreaChart data={points} margin={{ top: 8, right: 44, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id="donationArea" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#12b886" stopOpacity={0.35} />
                <stop offset="100%" stopColor="#12b886" stopOpacity={0.02} />
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
              name="So Far"
              stroke="#12b886"
              fill="url(#donationArea)"
              strokeWidth={2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </figure>
    </div>
  );
}
