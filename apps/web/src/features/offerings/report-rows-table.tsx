import type { TOfferingReport } from '@steward/contracts/offerings';
import { Grid, Table, Typography, type TableColumnsType } from 'antd';
import { MoneyText } from '../../components/money-text.tsx';

type ReportRow = TOfferingReport['todayContributions'][number];

/** A rate as the report shows it: up to 6 decimals, grouped ('1,465.5'). */
export const formatRate = (rate: number): string => rate.toLocaleString('en-US', { maximumFractionDigits: 6 });

interface ReportRowsTableProps {
  rows: ReportRow[];
  /** the church currency (ISO 4217) of the total */
  currency: string;
  /** decimal, church currency */
  total: number;
}

/**
 * The offering report's table (spec 2.6): offering item, channel and amount, and the total in
 * the church currency. When some offerings are in another currency (issue 7) it adds the rate
 * used and each amount in the church currency, so the last column adds up by hand to the total
 * (the server shares each currency's converted sum over its rows). A row whose currency has no
 * stored rate shows 'no rate' and is left out of the total, as the server does.
 *
 * On a phone (under 576 px) it keeps two columns so the amounts stay on screen: the item with
 * its channel (and, in another currency, the amount and its rate) beneath it, and the amount in
 * the church currency that the total adds up.
 */
export function ReportRowsTable({ rows, currency, total }: ReportRowsTableProps) {
  const multi = rows.some((r) => r.currencyName !== currency);
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  const columns: TableColumnsType<ReportRow> = phone
    ? phoneColumns(currency, multi)
    : [
        { title: 'Offering Item', dataIndex: 'contribution', key: 'contribution' },
        { title: 'Channel', dataIndex: 'channel', key: 'channel' },
        {
          title: 'Amount',
          key: 'amount',
          align: 'right',
          render: (_, row) => <MoneyText amount={row.amount} currency={row.currencyName} absolute />,
        },
      ];
  if (multi && !phone)
    columns.push(
      {
        title: 'Rate',
        key: 'rate',
        align: 'right',
        render: (_, row) =>
          row.rate === null ? (
            <Typography.Text type="warning">no rate</Typography.Text>
          ) : (
            <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRate(row.rate)}</span>
          ),
      },
      {
        title: `In ${currency}`,
        key: 'converted',
        align: 'right',
        render: (_, row) =>
          row.convertedAmount === null ? '—' : <MoneyText amount={row.convertedAmount} currency={currency} absolute />,
      },
    );
  return (
    <Table<ReportRow>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: 'No offerings recorded for this date' }}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={columns.length - 1}>
            <strong>Total</strong>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={columns.length - 1} align="right">
            <MoneyText amount={total} currency={currency} absolute strong />
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** The phone's two columns: the offering (item, channel, foreign amount at its rate) and the amount. */
function phoneColumns(currency: string, multi: boolean): TableColumnsType<ReportRow> {
  return [
    {
      title: 'Offering',
      key: 'offering',
      render: (_, row) => (
        <div>
          <div>{row.contribution}</div>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {row.channel}
            {row.currencyName !== currency ? (
              <>
                {' · '}
                <MoneyText amount={row.amount} currency={row.currencyName} absolute />
                {row.rate === null ? ' (no rate)' : ` at ${formatRate(row.rate)}`}
              </>
            ) : null}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: multi ? `In ${currency}` : 'Amount',
      key: 'amount',
      align: 'right',
      render: (_, row) =>
        row.currencyName === currency ? (
          <MoneyText amount={row.amount} currency={currency} absolute />
        ) : row.convertedAmount === null ? (
          '—'
        ) : (
          <MoneyText amount={row.convertedAmount} currency={currency} absolute />
        ),
    },
  ];
}
