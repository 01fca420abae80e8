import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, type ChartPoint } from './dashboard-format.ts';

/**
 * The bars of a dashboard count chart (recharts, lazy-loaded by CountChartCard): one bar per
 * point, the tooltip giving the point's full name and its count in `unit`. Hidden from screen
 * readers, which read the card's table of the same figures.
 */
export function CountBarChart({ points, unit, color }: { points: ChartPoint[]; unit: string; color: string }) {
  return (
    <figure style={{ margin: 0, height: 240 }} aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={8} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={48} />
          <Tooltip
            formatter={(v) => [formatCount(Number(v)), unit]}
            labelFormatter={(_, p) => String((p[0]?.payload as { name?: string } | undefined)?.name ?? '')}
          />
          <Bar dataKey="value" name={unit} fill={color} radius={[3, 3, 0, 0]} maxBarSize={28} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
