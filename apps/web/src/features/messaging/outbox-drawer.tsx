import { PaperClipOutlined } from '@ant-design/icons';
import type { TOutboxPage } from '@steward/contracts/messaging';
import { Descriptions, Drawer, Empty, Grid, List, Tabs, Tag, Typography } from 'antd';
import { formatCount } from './compose-model.ts';
import { HtmlFrame } from './html-frame.tsx';
import { formatDateTime } from './message-status.tsx';

export type OutboxMessage = TOutboxPage['data'][number];

/** '1.2 KB', '340 B' */
function formatBytes(n: number): string {
  if (n < 1024) return `${formatCount(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

const pre = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0, fontSize: 13 } as const;

/** An outbox line's channel as a tag. */
export function ChannelTag({ channel }: { channel: string }) {
  return (
    <Tag color={channel === 'sms' ? 'geekblue' : 'magenta'} style={{ marginInlineEnd: 0 }}>
      {channel === 'sms' ? 'SMS' : 'E-mail'}
    </Tag>
  );
}

/**
 * One message the stand-ins received (issue 9 'Outbox'): an e-mail with its headers, text part,
 * HTML rendered in a sandboxed frame and attachments (downloadable when kept); an SMS with its
 * sender, number, text and status.
 */
export function OutboxDrawer({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const phone = !Grid.useBreakpoint().md;
  const m = message;
  const email = m?.channel === 'email';
  const details = m
    ? [
        { key: 'channel', label: 'Channel', children: <ChannelTag channel={m.channel} /> },
        { key: 'from', label: 'From', children: m.from },
        { key: 'to', label: 'To', children: m.to },
        ...(email ? [{ key: 'subject', label: 'Subject', children: m.subject }] : []),
        { key: 'received', label: 'Received', children: formatDateTime(m.receivedAt) },
        { key: 'status', label: 'Status', children: m.status },
      ]
    : [];

  return (
    <Drawer
      open={m !== null}
      onClose={onClose}
      title={m ? (email ? m.subject || 'E-mail' : `SMS to ${m.to}`) : ''}
      size={phone ? '100%' : 720}
      destroyOnHidden
    >
      {m ? (
        <>
          <Descriptions size="small" column={1} bordered items={details} style={{ marginBottom: 16 }} />
          {email ? (
            <Tabs
              items={[
                {
                  key: 'html',
                  label: 'HTML',
                  children: m.html ? (
                    <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }}>
                      <HtmlFrame html={m.html} title="The e-mail's HTML" height={420} />
                    </div>
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This e-mail has no HTML part" />
                  ),
                },
                {
                  key: 'text',
                  label: 'Text',
                  children: m.text ? (
                    <pre style={pre}>{m.text}</pre>
                  ) : (
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="This e-mail has no text part" />
                  ),
                },
                {
                  key: 'headers',
                  label: 'Headers',
                  children: <pre style={pre}>{m.headers.join('\n')}</pre>,
                },
                {
                  key: 'attachments',
                  label: `Attachments (${m.attachments.length})`,
                  children: (
                    <List
                      locale={{ emptyText: 'No attachments' }}
                      dataSource={m.attachments}
                      renderItem={(a) => (
                        <List.Item>
                          <List.Item.Meta
                            avatar={<PaperClipOutlined aria-hidden />}
                            title={
                              a.content ? (
                                <a href={`data:${a.contentType};base64,${a.content}`} download={a.filename}>
                                  {a.filename}
                                </a>
                              ) : (
                                a.filename
                              )
                            }
                            description={`${a.contentType}, ${formatBytes(a.size)}${a.content ? '' : ' (too large to keep)'}`}
                          />
                        </List.Item>
                      )}
                    />
                  ),
                },
              ]}
            />
          ) : (
            <>
              <Typography.Text strong>Text</Typography.Text>
              <Typography.Paragraph
                data-testid="outbox-sms-text"
                style={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  marginTop: 4,
                  padding: 12,
                  background: '#fafafa',
                  borderRadius: 8,
                }}
              >
                {m.text}
              </Typography.Paragraph>
            </>
          )}
        </>
      ) : null}
    </Drawer>
  );
}
