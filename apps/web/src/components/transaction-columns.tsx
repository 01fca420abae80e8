import { Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { formatDate } from './dates.ts';
import { MoneyText } from './money-text.tsx';
import type { PrintableTransaction } from './transactions-print.tsx';

/** A row of the offerings list or of the donation transactions. */
export interface TransactionRow extends PrintableTransaction {
  /** the payment channel ('Cash', 'Online', ...) */
  channel: string;
}

interface TransactionColumnsOptions<Row extends TransactionRow> {
  /** md and up: one column a field; below: a compact card-like row */
  wide: boolean;
  /** the column headings: date ('Date' or 'DATE'), item ('OFFERING', 'DONATION'), channel ('SOURCE', 'CHANNEL') */
  titles: { date: string; item: string; channel: string };
  /** the ACTION cell of a row */
  actions: (row: Row) => ReactNode;
  /** the donor line of the phone layout */
  phoneDonor: (row: Row) => string;
  /** a test id on the phone layout's donor line */
  phoneDonorTestId?: string;
}

/**
 * The columns of the transaction tables (spec 2.1, giving spec 2.5). Wide: date, item, amount
 * (right-aligned, in the row's currency), channel, donor ('—' when none), action. On a phone
 * (issue 7, part 4) each row keeps the item, its donor and its amount in view: the date and
 * channel go above the item, the donor under it, as the account register does; the ACTION
 * header is named for assistive technology only (the ⋮ button speaks for itself).
 */
export function transactionColumns<Row extends TransactionRow>(
  opts: TransactionColumnsOptions<Row>,
): TableColumnsType<Row> {
  const { titles, actions } = opts;
  const amount = (r: Row) => <MoneyText amount={r.amount} currency={r.currencyName} />;
  if (opts.wide)
    return [
      { title: titles.date, dataIndex: 'date', key: 'date', render: (d: string) => formatDate(d) },
      { title: titles.item, dataIndex: 'contribution', key: 'contribution' },
      { title: 'AMOUNT', key: 'amount', align: 'right', render: (_, r) => amount(r) },
      { title: titles.channel, dataIndex: 'channel', key: 'channel' },
      { title: 'DONOR', dataIndex: 'donor', key: 'donor', render: (d: string) => d || '—' },
      { title: 'ACTION', key: 'action', width: 90, render: (_, r) => actions(r) },
    ];
  return [
    {
      title: titles.item,
      key: 'contribution',
      render: (_, r) => (
        <>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {`${formatDate(r.date)} · ${r.channel}`}
          </Typography.Text>
          <div style={{ overflowWrap: 'anywhere' }}>{r.contribution}</div>
          <Typography.Text
            type="secondary"
            style={{ fontSize: 12, overflowWrap: 'anywhere' }}
            data-testid={opts.phoneDonorTestId}
          >
            {opts.phoneDonor(r)}
          </Typography.Text>
        </>
      ),
    },
    { title: 'AMOUNT', key: 'amount', align: 'right', width: 120, render: (_, r) => amount(r) },
    {
      title: <span className="visually-hidden">ACTION</span>,
      key: 'action',
      width: 48,
      render: (_, r) => actions(r),
    },
  ];
}
