import type { TOfferingReport } from '@steward/contracts/offerings';
import { Card, Typography } from 'antd';
import { useId } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatAmount } from '../../components/format-amount.ts';

interface ReportMonthlyChartProps {
  /** 12 months ending with the report's month, same event category (GET /api/Offering/contributionReport). */
  monthly: TOfferingReport['monthly'];
  /** The tenant currency (ISO 4217) the values are in. */
  currency: string;
}

/**
 * The monthly area chart titled 'OFFERING' of the offering report (spec 2.6), shown when the
 * report is for an event. The figures are also given as a table for screen readers.
 */
export function ReportMonthlyChart({ monthly, currency }: ReportMonthlyChartProps) {
  const titleId = useId();
  const gradientId = `monthly-${useId().replace(/[^\w-]/g, '')}`;
  const money = (v: number) => formatAmount(v, currency);

  return (
    <Card style={{ marginTop: 20 }} role="region" aria-labelledby={titleId}>
      <Typography.Title level={3} id={titleId} style={{ fontSize: 16, margin: '0 0 12px', letterSpacing: 0.5 }}>
        OFFERING
      </Typography.Title>
      <figure style={{ margin: 0, height: 260 }} aria-hidden>
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={monthly} margin={{ top: 8, right: 32, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#3b5bdb" stopOpacity={0.35} />
                <stop offset="100%" stopColor="#3b5bdb" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="name" tick={{ fontSize: 12 }} />
            <YAxis
              tick={{ fontSize: 12 }}
              width={80}
              tickFormatter={(v: number) => formatAmount(v, currency, { display: 'none' }).replace(/\.\d+$/, '')}
            />
            <Tooltip formatter={(v) => money(Number(v))} />
            <Area
              type="monotone"
              dataKey="value"
              name="Offerings"
              stroke="#3b5bdb"
              fill={`url(#${gradientId})`}
              strokeWidth={2}
            />
          </AreaChart>
        </ResponsiveContainer>
      </figure>
      <table className="visually-hidden">
        <caption>Offerings by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Offerings</th>
          </tr>
        </thead>
        <tbody>
          {monthly.map((m) => (
            <tr key={m.month}>
              <th scope="row">{m.name}</th>
              <td>{money(m.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
