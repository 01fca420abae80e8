import { PERIOD_KEYS, type TPeriodKey, type TPeriodSummary } from '@steward/contracts/offerings';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Flex, Row, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
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
import { getOfferingsSummary } from '../../api/offerings.ts';
import { offeringKeys } from '../../api/query-keys.ts';
import { useTenantCurrency } from '../../app/current-user.ts';
import { formatAmount } from '../../components/format-amount.ts';

/** The period dropdown's labels (spec §9), in PERIOD_KEYS order. */
const PERIOD_LABELS: Record<TPeriodKey, string> = {
  oneWeek: 'One Week',
  thisWeek: 'This Week',
  lastWeek: 'Last Week',
  thisMonth: 'This Month',
  lastMonth: 'Last Month',
  lastThirtyDays: 'Last 30days',
  lastNinetyDays: 'Last 90days',
  oneYear: 'One Year',
};
const PERIOD_OPTIONS = PERIOD_KEYS.map((key) => ({ value: key, label: PERIOD_LABELS[key] }));

const COLORS = ['#3b5bdb', '#12b886', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#fd7e14', '#e64980'];

/**
 * The area chart's points from the summary's bar chart: `data` holds the day totals (numbers,
 * as the existing client reads them) and `categories` the matching 'MM/DD/YYYY' days.
 */
function areaPoints(bar: TPeriodSummary['barChart']): { name: string; value: number }[] {
  return bar.data.map((value, i) => ({ name: bar.categories[i] ?? '', value }));
}

/**
 * The period dropdown of the offerings list (spec 2.1, 'This Week' by default) with the total
 * income of the period in the tenant currency, a pie chart (by offering item) and an area chart.
 */
export function OfferingsSummary() {
  const currency = useTenantCurrency();
  const [period, setPeriod] = useState<TPeriodKey>('thisWeek');
  const summary = useQuery({ queryKey: offeringKeys.summary(), queryFn: getOfferingsSummary });
  const data = summary.data?.[period];
  const money = (v: number) => formatAmount(v, currency.code);
  const periodLabel = PERIOD_LABELS[period];

  return (
    <Card style={{ marginBottom: 20 }} styles={{ body: { padding: 20 } }}>
      <Flex justify="space-between" align="flex-start" wrap gap={12} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Text type="secondary">Total income, {periodLabel}</Typography.Text>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 28 }} data-testid="total-income">
            {summary.isPending ? <Skeleton.Input active size="small" /> : money(data?.income ?? 0)}
          </Typography.Title>
        </div>
        <Select<TPeriodKey>
          aria-label="Period"
          value={period}
          onChange={setPeriod}
          options={PERIOD_OPTIONS}
          style={{ width: 160 }}
        />
      </Flex>
      {summary.isPending ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : !data || (data.pieChart.length === 0 && data.barChart.data.length === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No offerings in this period" />
      ) : (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={9}>
            <figure style={{ margin: 0, height: 260 }} aria-label={`Offerings by item, ${periodLabel}`}>
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
          </Col>
          <Col xs={24} lg={15}>
            <figure style={{ margin: 0, height: 260 }} aria-label={`Offerings over time, ${periodLabel}`}>
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={areaPoints(data.barChart)} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
                  <defs>
                    <linearGradient id="offeringArea" x1="0" y1="0" x2="0" y2="1">
                      <stop offset="0%" stopColor="#3b5bdb" stopOpacity={0.35} />
                      <stop offset="100%" stopColor="#3b5bdb" stopOpacity={0.02} />
                    </linearGradient>
                  </defs>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="name" tick={{ fontSize: 12 }} />
                  <YAxis
                    tick={{ fontSize: 12 }}
                    width={72}
                    tickFormatter={(v: number) =>
                      formatAmount(v, currency.code, { display: 'none' }).replace(/\.\d+$/, '')
                    }
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
          </Col>
        </Row>
      )}
    </Card>
  );
}
