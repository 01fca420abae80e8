import type { TOperatorSenderId } from '@steward/contracts/operator';
import { SENDER_ID_STATUS, senderIdStatusLabel } from '@steward/contracts/sender-ids';
import {
  Button,
  Card,
  Flex,
  Pagination,
  Tag,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { DataTable } from '../../components/data-table.tsx';
import { DATE_FORMAT } from '../../components/dates.ts';

/*
 * The two views of the operator's sender ID requests: a table from 768 px up, cards on phones
 * (a six-column table does not fit 390 px). Both show the same facts and the same buttons.
 */

export type ReviewStatus = 1 | 2 | 3;

/** The review buttons, always in this order; the one of the row's current status is disabled. */
const ACTIONS: { status: ReviewStatus; label: string }[] = [
  { status: SENDER_ID_STATUS.approved, label: 'Approve' },
  { status: SENDER_ID_STATUS.processing, label: 'Processing' },
  { status: SENDER_ID_STATUS.notApproved, label: 'Reject' },
];

const STATUS_COLOURS: Record<number, string> = { 0: 'gold', 1: 'blue', 2: 'green', 3: 'red' };

/** What the views need from the page: the rows, the review in progress and what a button does. */
export interface ReviewViewProps {
  rows: TOperatorSenderId[];
  loading: boolean;
  empty: ReactNode;
  /** the review being saved, if any: its button spins, the others wait */
  saving: { id: string; status: ReviewStatus } | null;
  onReview: (row: TOperatorSenderId, status: ReviewStatus) => void;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}

/** The status tag: PENDING (gold), PROCESSING (blue), APPROVED (green), NOT APPROVED (red). */
export function StatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLOURS[status] ?? 'red'}>{senderIdStatusLabel(status)}</Tag>;
}

const requested = (row: TOperatorSenderId) => dayjs(row.createdAt).format(DATE_FORMAT);

function ReviewButtons({
  row,
  saving,
  onReview,
}: Pick<ReviewViewProps, 'saving' | 'onReview'> & { row: TOperatorSenderId }) {
  return (
    <Flex gap={8} wrap data-row-action>
      {ACTIONS.map((a) => {
        const spinning = saving?.id === row.id && saving.status === a.status;
        return (
          <Button
            key={a.status}
            size="small"
            type={a.status === SENDER_ID_STATUS.approved ? 'primary' : 'default'}
            danger={a.status === SENDER_ID_STATUS.notApproved}
            loading={spinning}
            disabled={row.status === a.status || (saving !== null && !spinning)}
            aria-label={`${a.label} ${row.mask} of ${row.churchName}`}
            onClick={() => onReview(row, a.status)}
          >
            {a.label}
          </Button>
        );
      })}
    </Flex>
  );
}

function Note({ text, rows = 2 }: { text: string | null; rows?: number }) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Paragraph ellipsis={{ rows, tooltip: text }} style={{ margin: 0 }}>
      {text}
    </Typography.Paragraph>
  );
}

/** The table (768 px and up): Church, Sender ID, Requested, Status, Note, Action. */
export function ReviewTable({ rows, loading, empty, saving, onReview, pagination }: ReviewViewProps) {
  const columns: TableColumnsType<TOperatorSenderId> = [
    {
      title: 'Church',
      dataIndex: 'churchName',
      key: 'church',
      width: 260,
      ellipsis: { showTitle: true },
    },
    {
      title: 'Sender ID',
      dataIndex: 'mask',
      key: 'mask',
      width: 140,
      render: (mask: string) => <Typography.Text strong>{mask}</Typography.Text>,
    },
    { title: 'Requested', key: 'requested', width: 120, render: (_, row) => requested(row) },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      width: 140,
      render: (s: number) => <StatusTag status={s} />,
    },
    { title: 'Note', dataIndex: 'reviewNote', key: 'note', render: (text: string | null) => <Note text={text} /> },
    {
      title: 'Action',
      key: 'action',
      width: 260,
      render: (_, row) => <ReviewButtons row={row} saving={saving} onReview={onReview} />,
    },
  ];
  const paging: TablePaginationConfig = {
    ...pagination,
    showSizeChanger: false,
    hideOnSinglePage: true,
  };
  return (
    <DataTable<TOperatorSenderId>
      rowKey={(r) => `${r.tenantId}/${r.id}`}
      columns={columns}
      dataSource={rows}
      loading={loading}
      tableLayout="fixed"
      scroll={{ x: 1000 }}
      locale={{ emptyText: empty }}
      pagination={paging}
    />
  );
}

/** The cards (phones): the sender ID and its status, the church, the date, the note, the buttons. */
export function ReviewCards({ rows, loading, empty, saving, onReview, pagination }: ReviewViewProps) {
  if (rows.length === 0) return loading ? <Card loading /> : <Card>{empty}</Card>;
  return (
    <Flex vertical gap={12} aria-busy={loading}>
      {rows.map((row) => (
        <Card
          key={`${row.tenantId}/${row.id}`}
          size="small"
          aria-label={`${row.mask} of ${row.churchName}`}
          role="group"
        >
          <Flex justify="space-between" align="center" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {row.mask}
            </Typography.Text>
            <StatusTag status={row.status} />
          </Flex>
          <div style={{ marginTop: 4 }}>{row.churchName}</div>
          <Typography.Text type="secondary">Requested {requested(row)}</Typography.Text>
          {row.reviewNote ? (
            <div style={{ marginTop: 8 }}>
              <Note text={row.reviewNote} rows={3} />
            </div>
          ) : null}
          <div style={{ marginTop: 12 }}>
            <ReviewButtons row={row} saving={saving} onReview={onReview} />
          </div>
        </Card>
      ))}
      {pagination.total > pagination.pageSize ? (
        <Pagination simple align="center" {...pagination} showSizeChanger={false} />
      ) : null}
    </Flex>
  );
}
