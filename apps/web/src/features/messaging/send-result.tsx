import { CheckCircleOutlined } from '@ant-design/icons';
import type { TSendResponse } from '@steward/contracts/messaging';
import { Alert, Button, Card, Descriptions, Flex, Grid, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { ContactChannel } from './contacts-file.ts';
import { formatCount, plural } from './compose-model.ts';
import { formatDateTime, shownAddress } from './message-status.tsx';
import { reportLink } from './report-link.ts';

interface SendResultProps {
  channel: ContactChannel;
  answer: TSendResponse;
  onAnother: () => void;
}

/**
 * What the server said after Send, Schedule or Save draft (issue 9 'Composing'): the recipients
 * queued, the destinations it could not use with their reasons (never dropped silently), the
 * opted-out members skipped, the SMS units used and left, and the way to the message's report.
 */
export function SendResult({ channel, answer, onAnother }: SendResultProps) {
  const r = answer.returnObject;
  const navigate = useNavigate();
  const phone = !Grid.useBreakpoint().sm;
  const draft = r.status === 'draft';
  const title = draft
    ? 'Draft saved'
    : r.status === 'scheduled'
      ? `Scheduled for ${r.scheduledAt ? formatDateTime(r.scheduledAt) : 'later'}`
      : `Accepted: ${channel === 'sms' ? 'the SMS is' : 'the e-mail is'} being sent`;
  const items = [
    { key: 'recipients', label: 'Recipients queued', children: formatCount(r.recipients) },
    { key: 'invalid', label: 'Could not be used', children: formatCount(r.invalid.length) },
    {
      key: 'optedOut',
      label: 'Opted out (skipped)',
      children: r.optedOut ? `${plural(r.optedOut, 'member')} opted out and will not be messaged` : 'None',
    },
    ...(channel === 'sms'
      ? [
          { key: 'segments', label: 'Segments per SMS', children: formatCount(r.segments) },
          { key: 'units', label: 'Units used', children: formatCount(r.unitsUsed) },
          ...(r.unitsLeft === null ? [] : [{ key: 'left', label: 'Units left', children: formatCount(r.unitsLeft) }]),
        ]
      : []),
  ];

  return (
    <Card>
      <Flex vertical gap={16}>
        <div role="status">
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
            <CheckCircleOutlined aria-hidden style={{ color: '#52c41a', marginInlineEnd: 8 }} />
            {title}
          </Typography.Title>
          <Typography.Text type="secondary">{answer.response}</Typography.Text>
        </div>
        {draft ? null : (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={items}
            data-testid="send-result"
          />
        )}
        {r.invalid.length > 0 ? (
          <Flex vertical gap={8}>
            <Alert type="warning" showIcon title={`${plural(r.invalid.length, 'destination')} could not be used`} />
            <Table
              size="small"
              rowKey={(row) => `${row.address}|${row.name}`}
              dataSource={r.invalid}
              pagination={r.invalid.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              tableLayout="fixed"
              columns={[
                {
                  title: 'Address',
                  dataIndex: 'address',
                  render: (v: string, row) => (
                    <Flex vertical>
                      <span style={{ overflowWrap: 'anywhere' }}>{shownAddress(v)}</span>
                      {phone ? (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {[row.name, row.reason].filter(Boolean).join(' · ')}
                        </Typography.Text>
                      ) : null}
                    </Flex>
                  ),
                },
                ...(phone
                  ? []
                  : [
                      { title: 'Name', dataIndex: 'name', render: (v: string) => v || '—' },
                      { title: 'Reason', dataIndex: 'reason' },
                    ]),
              ]}
            />
          </Flex>
        ) : null}
        <Flex gap={8} wrap>
          {draft ? null : (
            <Button
              type="primary"
              onClick={() => {
                const link = reportLink(r.id, channel);
                void navigate(link.path, { state: link.state });
              }}
            >
              Open the message report
            </Button>
          )}
          <Button onClick={onAnother}>{channel === 'sms' ? 'Compose another SMS' : 'Compose another e-mail'}</Button>
        </Flex>
      </Flex>
    </Card>
  );
}
