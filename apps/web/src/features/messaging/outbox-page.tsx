import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Grid, Segmented, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isNetworkError } from '../../api/http.ts';
import { getOutbox, type MessageChannel } from '../../api/messaging.ts';
import { messagingKeys } from '../../api/query-keys.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { cut } from './compose-model.ts';
import { formatDateTime } from './message-status.tsx';
import { ChannelTag, OutboxDrawer, type OutboxMessage } from './outbox-drawer.tsx';

const PAGE_SIZE = 50;

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'E-mail' },
];

/** What a line says in one cell: an e-mail's subject, an SMS's text. */
const gist = (m: OutboxMessage) => (m.channel === 'email' ? m.subject : m.text);

/**
 * /tenant/outbox (issue 9: "an Outbox page in the app shows each e-mail as it was sent (HTML,
 * text, headers, attachments)"; "a development gateway that records messages in the Outbox"):
 * what the development stand-ins received, newest first, 50 a page, filtered by channel
 * (`?channel=sms|email`). A line opens its detail drawer. A note says these are the stand-ins'
 * copies, not real delivery.
 */
export function OutboxPage() {
  const phone = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const raw = params.get('channel');
  const channel: MessageChannel | null = raw === 'sms' || raw === 'email' ? raw : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const list = useQuery({
    queryKey: messagingKeys.outbox(channel, page),
    queryFn: () => getOutbox(page, channel),
    placeholderData: keepPreviousData,
  });

  const header = (
    <PageHeader
      title="Outbox"
      actions={
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
      }
    />
  );
  const note = (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="The Outbox shows what the development stand-ins received: the local SMTP capture server (e-mail) and the development SMS gateway. It is not real delivery; with an SMTP server or an SMS gateway configured, messages go out to members and are not kept here."
    />
  );
  const filter = (
    <Segmented
      aria-label="Channel"
      value={channel ?? 'all'}
      options={FILTERS}
      onChange={(v) => setParams(v === 'all' ? {} : { channel: String(v) })}
      style={{ marginBottom: 12 }}
    />
  );

  let body;
  if (list.isPending) body = <PageSkeleton />;
  else if (list.isError)
    body = isNetworkError(list.error) ? (
      <NetworkErrorState onRetry={() => void list.refetch()} />
    ) : (
      <EmptyState description="The Outbox could not be loaded">
        <Button onClick={() => void list.refetch()}>Try again</Button>
      </EmptyState>
    );
  else if (list.data.totalItems === 0)
    body = (
      <EmptyState
        description={
          channel === 'sms'
            ? 'No SMS received yet'
            : channel === 'email'
              ? 'No e-mail received yet'
              : 'Nothing received yet: messages you send show here'
        }
      />
    );
  else {
    const columns: TableColumnsType<OutboxMessage> = phone
      ? [
          {
            title: 'Message',
            key: 'message',
            render: (_: unknown, m) => (
              <Flex vertical gap={2}>
                <Flex gap={6} align="center" wrap>
                  <ChannelTag channel={m.channel} />
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(m.receivedAt)}
                  </Typography.Text>
                </Flex>
                <span style={{ overflowWrap: 'anywhere' }}>To {m.to}</span>
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                  {cut(gist(m), 60).text}
                </Typography.Text>
              </Flex>
            ),
          },
          { title: 'Status', dataIndex: 'status', width: 96 },
        ]
      : [
          { title: 'Received', dataIndex: 'receivedAt', width: 150, render: formatDateTime },
          {
            title: 'Channel',
            dataIndex: 'channel',
            width: 90,
            render: (v: string) => <ChannelTag channel={v} />,
          },
          { title: 'From', dataIndex: 'from', width: 200, ellipsis: true },
          { title: 'To', dataIndex: 'to', width: 220, ellipsis: true },
          {
            title: 'Subject or text',
            key: 'gist',
            render: (_: unknown, m) => <span style={{ overflowWrap: 'anywhere' }}>{cut(gist(m), 80).text}</span>,
          },
          { title: 'Status', dataIndex: 'status', width: 100 },
        ];
    body = (
      <DataTable<OutboxMessage>
        rowKey="id"
        dataSource={list.data.data}
        columns={columns}
        scroll={undefined}
        tableLayout="fixed"
        loading={list.isFetching && list.isPlaceholderData}
        onOpenRow={setOpen}
        rowLabel={(m) => `Open the ${m.channel === 'sms' ? 'SMS' : 'e-mail'} to ${m.to}: ${cut(gist(m), 40).text}`}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data.totalItems,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (p) => setParams({ ...(channel ? { channel } : {}), page: String(p) }),
        }}
      />
    );
  }

  return (
    <>
      {header}
      {note}
      {filter}
      {body}
      <OutboxDrawer message={open} onClose={() => setOpen(null)} />
    </>
  );
}
