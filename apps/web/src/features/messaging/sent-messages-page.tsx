import { EditOutlined } from '@ant-design/icons';
import type { TSentMessage } from '@steward/contracts/messaging';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Grid, Progress, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { isNetworkError } from '../../api/http.ts';
import { getSentMessages } from '../../api/messaging.ts';
import { messagingKeys } from '../../api/query-keys.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { cut, formatCount, plainText, plural } from './compose-model.ts';
import { FailedCount, MessageStatusTag, formatDateTime, shownAddress } from './message-status.tsx';
import { reportLink } from './report-link.ts';
import { sendProgress } from './send-progress.ts';

const PAGE_SIZE = 50;
/** How often a list with a message still sending is read again, in ms. */
const REFRESH_MS = 2_000;

/**
 * The progress of a sent message: a bar (green for delivered; red only when every recipient
 * failed), then its sent / delivered / failed counts, the failed ones in red.
 */
function ProgressCell({ row }: { row: TSentMessage }) {
  const c = row.counts;
  const p = sendProgress(c, row.status === 'sending');
  return (
    <Flex vertical gap={2} style={{ minWidth: 150 }}>
      <Progress
        percent={p.percent}
        size="small"
        status={p.status}
        success={{ percent: p.deliveredPercent }}
        showInfo={false}
        aria-label={`${p.percent}% processed`}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatCount(c.sent)} sent · {formatCount(c.delivered)} delivered ·{' '}
        <FailedCount count={p.failed} label="failed" />
      </Typography.Text>
    </Flex>
  );
}

/**
 * /tenant/sms/sent and /tenant/email/sent (issue 9: "Per-recipient status ... on a sent-messages
 * page"; existing-client-api §1.3 getAllSentSms / getAllSentEmails): the church's sent messages,
 * newest first, 50 a page (`?page=`): date, recipients, the message (cut, whole in a tooltip),
 * status and progress (sent, delivered, failed). A row opens the message's report. The list is
 * read again every 2 s while a message on it is still sending. Loading, empty and error states.
 */
export function SentMessagesPage() {
  const { pathname } = useLocation();
  const channel = /\/email\//i.test(pathname) ? 'email' : 'sms';
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({
    queryKey: messagingKeys.sent(channel, page),
    queryFn: () => getSentMessages(channel, page),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.data.some((m) => m.status === 'sending') ? REFRESH_MS : false),
  });
  const phone = !Grid.useBreakpoint().md;
  const sms = channel === 'sms';
  const composePath = sms ? '/tenant/sms/compose' : '/tenant/email/compose';
  const composeButton = (
    <Button type="primary" icon={<EditOutlined aria-hidden />} onClick={() => void navigate(composePath)}>
      {sms ? 'Send SMS' : 'Send E-mail'}
    </Button>
  );
  const header = <PageHeader title={sms ? 'Sent SMS' : 'Sent E-mails'} actions={composeButton} />;

  if (list.isPending)
    return (
      <>
        {header}
        <PageSkeleton />
      </>
    );
  if (list.isError)
    return (
      <>
        {header}
        {isNetworkError(list.error) ? (
          <NetworkErrorState onRetry={() => void list.refetch()} />
        ) : (
          <EmptyState description="The sent messages could not be loaded">
            <Button onClick={() => void list.refetch()}>Try again</Button>
          </EmptyState>
        )}
      </>
    );
  if (list.data.totalItems === 0)
    return (
      <>
        {header}
        <EmptyState description={sms ? 'No SMS sent yet' : 'No e-mail sent yet'}>{composeButton}</EmptyState>
      </>
    );

  const summary = (m: TSentMessage) => (sms ? m.message : `${m.subject} — ${plainText(m.message)}`);
  const messageCell = (m: TSentMessage, max: number) => {
    const text = summary(m);
    const shown = cut(text, max);
    const cell = <span style={{ overflowWrap: 'anywhere' }}>{shown.text}</span>;
    return shown.cut ? <Tooltip title={cut(text, 500).text}>{cell}</Tooltip> : cell;
  };
  const status: TableColumnsType<TSentMessage>[number] = {
    title: 'Status',
    dataIndex: 'status',
    width: 110,
    render: (v: string) => <MessageStatusTag status={v} />,
  };
  const columns: TableColumnsType<TSentMessage> = [
    { title: 'Date', dataIndex: 'dateSent', width: 150, render: (v: string | null) => formatDateTime(v) },
    {
      title: 'To',
      key: 'to',
      width: 220,
      render: (_: unknown, m) => (
        <Flex vertical>
          <Typography.Text ellipsis={{ tooltip: shownAddress(m.recipient) }}>
            {shownAddress(m.recipient) || '—'}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {plural(m.recipientCount, 'recipient')}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: sms ? 'Message' : 'Subject and message', key: 'message', render: (_: unknown, m) => messageCell(m, 60) },
    status,
    { title: 'Progress', key: 'progress', width: 240, render: (_: unknown, m) => <ProgressCell row={m} /> },
  ];
  // a phone: one column with the date, recipients, message and counts, beside the status
  const phoneColumns: TableColumnsType<TSentMessage> = [
    {
      title: 'Message',
      key: 'message',
      render: (_: unknown, m) => (
        <Flex vertical gap={2}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(m.dateSent)} · {plural(m.recipientCount, 'recipient')}
          </Typography.Text>
          {messageCell(m, 40)}
          <ProgressCell row={m} />
        </Flex>
      ),
    },
    { ...status, width: 100 },
  ];
  return (
    <>
      {header}
      <DataTable<TSentMessage>
        rowKey="id"
        dataSource={list.data.data}
        loading={list.isFetching && list.isPlaceholderData}
        onOpenRow={(m) => {
          const link = reportLink(m.id, channel);
          void navigate(link.path, { state: link.state });
        }}
        rowLabel={(m) => `Open the message of ${formatDateTime(m.dateSent)} to ${shownAddress(m.recipient)}`}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data.totalItems,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => setParams({ page: String(p) }),
        }}
        scroll={undefined}
        tableLayout="fixed"
        columns={phone ? phoneColumns : columns}
      />
    </>
  );
}
