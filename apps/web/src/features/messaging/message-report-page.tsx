import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TCommReport } from '@steward/contracts/messaging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Grid, Progress, Typography, type TableColumnsType } from 'antd';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { useNavHint } from '../../app/nav-items.tsx';
import { getCommReport } from '../../api/messaging.ts';
import { messagingKeys } from '../../api/query-keys.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { formatCount, plural } from './compose-model.ts';
import {
  FailedCount,
  MessageStatusTag,
  RECIPIENT_STATUSES,
  RecipientStatusTag,
  formatDateTime,
  recipientStatusLabel,
  shownAddress,
  type RecipientStatus,
} from './message-status.tsx';
import { HtmlFrame } from './html-frame.tsx';
import { linkedChannel, sentListPath } from './report-link.ts';
import { sendProgress } from './send-progress.ts';

type Recipient = TCommReport['recipients'][number];

const PAGE_SIZE = 50;
/** How often a message still sending is read again, in ms (issue 9: progress visible). */
const REFRESH_MS = 2_000;
/** How long after sending an SMS's report keeps waiting for the gateway's delivery reports, in ms. */
const DELIVERY_WAIT_MS = 2 * 60_000;

/**
 * Whether the report should be read again: while any recipient is queued or sending, and for an
 * SMS also while one is 'sent' (its delivery report not in yet) within {@link DELIVERY_WAIT_MS}.
 */
export function keepRefreshing(r: TCommReport | undefined, now = Date.now()): boolean {
  if (!r) return false;
  if (r.status === 'sending') return true;
  return r.channel === 'sms' && r.counts.sent > 0 && now - Date.parse(r.dateSent) < DELIVERY_WAIT_MS;
}

/** The status filter: 'All' and each status with its count, as toggle buttons (keyboard usable). */
function StatusFilter({
  counts,
  value,
  onChange,
}: {
  counts: TCommReport['counts'];
  value: RecipientStatus | null;
  onChange: (s: RecipientStatus | null) => void;
}) {
  const total = RECIPIENT_STATUSES.reduce((s, k) => s + counts[k], 0);
  const chip = (key: RecipientStatus | null, label: string, n: number) => (
    <Button
      key={key ?? 'all'}
      size="small"
      shape="round"
      type={value === key ? 'primary' : 'default'}
      aria-pressed={value === key}
      onClick={() => onChange(key)}
    >
      {label} {formatCount(n)}
    </Button>
  );
  return (
    <Flex gap={8} wrap role="group" aria-label="Show recipients by status" data-testid="status-counts">
      {chip(null, 'All', total)}
      {RECIPIENT_STATUSES.map((s) => chip(s, recipientStatusLabel(s), counts[s]))}
    </Flex>
  );
}

/**
 * /tenant/messages/:id (issue 9: per-recipient status; GET /api/Messaging/getSentSMSbyId): the
 * message as sent (an e-mail's HTML in a sandboxed frame), its status, units, the counts by
 * recipient status as filter chips (`?status=`), a progress bar, and the recipients 50 a page
 * (`?page=`): name, address, status, reason, attempts, sent and delivered times. Read again every
 * 2 s while any recipient is queued or sending (and, for an SMS, while delivery reports are still
 * expected: see keepRefreshing); stops once the message is done. The side menu highlights 'Sent
 * SMS' or 'Sent E-mails' by the message's channel.
 */
export function MessageReportPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const phone = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const raw = params.get('status');
  const status = RECIPIENT_STATUSES.includes(raw as RecipientStatus) ? (raw as RecipientStatus) : null;
  const report = useQuery({
    queryKey: messagingKeys.report(id, page, status),
    queryFn: () => getCommReport(id, page, status),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (keepRefreshing(q.state.data) ? REFRESH_MS : false),
    retry: (n, err) => !(err instanceof HttpError && (err.status === 404 || err.status === 400)) && n < 2,
  });
  const linked = linkedChannel(useLocation().state);
  const channel = report.data?.channel ?? linked;
  useNavHint(channel ? sentListPath(channel) : undefined);

  const back = (
    <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(-1)}>
      Back
    </Button>
  );
  if (report.isPending)
    return (
      <>
        <PageHeader title="Message" actions={back} />
        <PageSkeleton />
      </>
    );
  if (report.isError) {
    const missing = report.error instanceof HttpError && (report.error.status === 404 || report.error.status === 400);
    return (
      <>
        <PageHeader title="Message" actions={back} />
        {isNetworkError(report.error) ? (
          <NetworkErrorState onRetry={() => void report.refetch()} />
        ) : (
          <EmptyState description={missing ? 'This message was not found' : 'The message could not be loaded'}>
            {missing ? null : <Button onClick={() => void report.refetch()}>Try again</Button>}
          </EmptyState>
        )}
      </>
    );
  }

  const r = report.data;
  const sms = r.channel === 'sms';
  const c = r.counts;
  const progress = sendProgress(c, r.status === 'sending');
  const { pending, percent: pct, deliveredPercent: deliveredPct } = progress;
  const setFilter = (next: RecipientStatus | null) => setParams(next ? { status: next } : {});

  const columns: TableColumnsType<Recipient> = [
    { title: 'Name', dataIndex: 'name', render: (v: string) => v || '—', responsive: ['md'] },
    {
      title: sms ? 'Phone number' : 'E-mail address',
      dataIndex: 'address',
      render: (v: string, row) =>
        phone ? (
          <Flex vertical>
            <span style={{ overflowWrap: 'anywhere' }}>{shownAddress(v)}</span>
            {row.name ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.name}
              </Typography.Text>
            ) : null}
            {row.reason ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.reason}
              </Typography.Text>
            ) : null}
          </Flex>
        ) : (
          <span style={{ overflowWrap: 'anywhere' }}>{shownAddress(v)}</span>
        ),
    },
    { title: 'Status', dataIndex: 'status', width: 120, render: (v: string) => <RecipientStatusTag status={v} /> },
    { title: 'Reason', dataIndex: 'reason', render: (v: string | null) => v ?? '', responsive: ['md'] },
    { title: 'Attempts', dataIndex: 'attempts', width: 90, align: 'right', responsive: ['lg'] },
    { title: 'Sent', dataIndex: 'sentAt', width: 150, render: formatDateTime, responsive: ['lg'] },
    { title: 'Delivered', dataIndex: 'deliveredAt', width: 150, render: formatDateTime, responsive: ['lg'] },
  ];

  return (
    <>
      <PageHeader
        title={sms ? `SMS from ${r.sender}` : r.subject || 'E-mail'}
        subtitle={`${r.scheduledAt ? 'Scheduled for' : 'Sent'} ${formatDateTime(r.scheduledAt ?? r.dateSent)}`}
        actions={back}
      />
      <Flex vertical gap={16}>
        <Card size="small" title="Message">
          <Flex vertical gap={12}>
            {sms ? (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="report-message">
                {r.message}
              </Typography.Paragraph>
            ) : (
              <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }}>
                <HtmlFrame html={r.message} title="The e-mail as sent" height={260} />
              </div>
            )}
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                { key: 'status', label: 'Status', children: <MessageStatusTag status={r.status} /> },
                { key: 'recipients', label: 'Recipients', children: formatCount(r.recipientCount) },
                {
                  key: 'optedOut',
                  label: 'Opted out (skipped)',
                  children: formatCount(r.optedOut),
                },
                ...(sms
                  ? [
                      { key: 'segments', label: 'Segments', children: formatCount(r.segments) },
                      { key: 'units', label: 'Units used', children: formatCount(r.unitsUsed) },
                    ]
                  : [{ key: 'from', label: 'From', children: r.sender }]),
              ]}
            />
          </Flex>
        </Card>

        <Card size="small" title="Recipients">
          <Flex vertical gap={12}>
            <div role="status" aria-live="polite">
              <Progress
                percent={pct}
                status={pending > 0 ? 'active' : progress.status}
                success={{ percent: deliveredPct }}
                aria-label={`${pct}% processed, ${deliveredPct}% delivered`}
                format={(p) => `${p ?? 0}%`}
              />
              <Typography.Text type="secondary" data-testid="report-progress">
                {r.status === 'scheduled' ? (
                  `Waiting until ${formatDateTime(r.scheduledAt)}`
                ) : pending > 0 ? (
                  `Sending: ${plural(pending, 'recipient')} to go (refreshes every 2 seconds)`
                ) : (
                  <>
                    Done: {formatCount(c.delivered)} delivered, {formatCount(c.sent)} sent,{' '}
                    <FailedCount count={progress.failed} label="not delivered" />
                  </>
                )}
              </Typography.Text>
            </div>
            <StatusFilter counts={c} value={status} onChange={setFilter} />
            <DataTable<Recipient>
              rowKey="id"
              dataSource={r.recipients}
              columns={columns}
              scroll={undefined}
              loading={report.isFetching && report.isPlaceholderData}
              locale={{
                emptyText: status ? `No recipient is ${recipientStatusLabel(status).toLowerCase()}` : 'No recipient',
              }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: r.totalRecipients,
                showSizeChanger: false,
                hideOnSinglePage: true,
                onChange: (p) => setParams({ ...(status ? { status } : {}), page: String(p) }),
              }}
            />
          </Flex>
        </Card>
      </Flex>
    </>
  );
}
