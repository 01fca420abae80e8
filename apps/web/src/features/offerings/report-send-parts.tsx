import { MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import type { TSendResponse } from '@steward/contracts/messaging';
import { REPORT_MESSAGES } from '@steward/contracts/report';
import { smsSegments } from '@steward/contracts/sms-segments';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { serverMessageOf } from '../../api/http.ts';
import { getReportEmail, reportKeys, type ReportKey } from '../../api/report.ts';

/*
 * The pieces of the report's send dialog (spec 2.6, §4 'Send dialog'; issue 9 'The offering
 * report goes out'): the repeatable To rows, the SMS counter, the previews of exactly what is
 * sent, and what the server answered after Send.
 */

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The To rows of a tab: one input each, '+' adds a row after it, '-' removes it (never the last). */
export function Recipients({
  tab,
  values,
  onChange,
}: {
  tab: 'email' | 'sms';
  values: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    <Flex vertical gap={8}>
      {values.map((v, i) => (
        <Flex key={i} gap={6} align="center">
          <Input
            value={v}
            type={tab === 'email' ? 'email' : 'tel'}
            inputMode={tab === 'email' ? 'email' : 'tel'}
            autoComplete="off"
            placeholder={tab === 'email' ? 'name@example.com' : '+234 803 123 4567'}
            aria-label={`To ${i + 1}`}
            onChange={(e) => onChange(values.map((x, j) => (j === i ? e.target.value : x)))}
          />
          <Button
            type="text"
            icon={<PlusCircleOutlined aria-hidden />}
            aria-label="Add recipient"
            onClick={() => onChange([...values.slice(0, i + 1), '', ...values.slice(i + 1)])}
          />
          {values.length > 1 ? (
            <Button
              type="text"
              danger
              icon={<MinusCircleOutlined aria-hidden />}
              aria-label={`Remove recipient ${i + 1}`}
              onClick={() => onChange(values.filter((_, j) => j !== i))}
            />
          ) : null}
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The SMS counter under the SMS tab's Message (issue 9: the segment count, GSM-7 or UCS-2, and
 * the cost in units before sending), counted with the server's own code (contracts
 * sms-segments): '{n} characters · GSM-7 · 2 segments', then 'Cost: 2 segments x 3 recipients =
 * 6 units' and the church's units left (`units`, null while unknown), warning when short.
 */
export function SmsCount({ text, recipients, units }: { text: string; recipients: number; units: number | null }) {
  const s = smsSegments(text);
  const cost = s.segments * recipients;
  const short = units !== null && cost > units;
  return (
    <Flex vertical gap={4} data-testid="report-sms-count" aria-live="polite">
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {count(Array.from(text).length, 'character')} · {s.encoding} ·{' '}
        <Typography.Text strong>{count(s.segments, 'segment')}</Typography.Text>
        {s.segments > 0 ? ` (${s.remaining} left in this one)` : ''}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        Cost:{' '}
        {recipients > 0
          ? `${count(s.segments, 'segment')} × ${count(recipients, 'recipient')} = ${count(cost, 'unit')}`
          : `${count(s.segments, 'unit')} per recipient`}
        {units !== null ? ` · ${count(units, 'unit')} left` : ''}
      </Typography.Text>
      {short ? (
        <Typography.Text type="warning" style={{ fontSize: 13 }}>
          The church has fewer SMS units than this needs: buy units or send to fewer numbers.
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The e-mail exactly as Send sends it: the server's HTML of the report, in a sandboxed frame. */
export function EmailPreview({ reportKey, message }: { reportKey: ReportKey; message: string }) {
  const email = useQuery({
    queryKey: reportKeys.email(reportKey, message),
    queryFn: () => getReportEmail(reportKey, message),
  });
  if (email.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (email.isError)
    return <Alert type="error" showIcon title={serverMessageOf(email.error) ?? 'The preview could not be loaded'} />;
  return (
    <iframe
      title="E-mail preview"
      srcDoc={email.data.returnObject.html}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      style={{ width: '100%', height: '60vh', border: '1px solid #e6e9ec', borderRadius: 8, background: '#f4f5f7' }}
    />
  );
}

/** The SMS exactly as Send sends it, with its segments. */
export function SmsPreview({ text, to }: { text: string; to: string[] }) {
  const s = smsSegments(text);
  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">
        From your church&apos;s approved sender ID{to.length ? ` to ${to.join(', ')}` : ''}
      </Typography.Text>
      <Typography.Paragraph
        data-testid="preview-sms"
        style={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          background: '#e7f0fb',
          padding: 12,
          borderRadius: 12,
          margin: 0,
          maxWidth: 420,
        }}
      >
        {text || 'Enter your message'}
      </Typography.Paragraph>
      <Typography.Text type="secondary" data-testid="preview-sms-segments">
        {count(Array.from(text).length, 'character')} · {s.encoding} · {count(s.segments, 'segment')}
      </Typography.Text>
    </Flex>
  );
}

/**
 * What the server answered after a successful Send (issue 9: invalid numbers or addresses are
 * reported, never dropped silently; opted-out members are counted): 'Send Success: Sending to 2
 * recipients', the destinations it could not use with their reasons, the opted-out count, the
 * SMS units used and left, and 'See delivery' to the message's per-recipient report.
 */
export function SendOutcome({ channel, answer }: { channel: 'email' | 'sms'; answer: TSendResponse }) {
  const r = answer.returnObject;
  const lines: string[] = [];
  if (r.optedOut)
    lines.push(`${count(r.optedOut, 'recipient')} opted out and ${r.optedOut === 1 ? 'was' : 'were'} skipped`);
  if (channel === 'sms')
    lines.push(
      `${count(r.unitsUsed, 'SMS unit')} used (${count(r.segments, 'segment')} each)${r.unitsLeft === null ? '' : `, ${count(r.unitsLeft, 'unit')} left`}`,
    );
  return (
    <Alert
      role="status"
      style={{ marginTop: 12 }}
      type={r.invalid.length ? 'warning' : 'success'}
      showIcon
      title={`${REPORT_MESSAGES.sendSuccess}: ${answer.response}`}
      description={
        <Flex vertical gap={4}>
          {r.invalid.length ? (
            <div data-testid="report-send-invalid">
              <Typography.Text>Not sent to {count(r.invalid.length, 'destination')}:</Typography.Text>
              <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
                {r.invalid.map((x) => (
                  <li key={x.address}>
                    {x.address}: {x.reason}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {lines.map((l) => (
            <Typography.Text key={l}>{l}</Typography.Text>
          ))}
          <Link to={`/tenant/messages/${r.id}`}>See delivery</Link>
        </Flex>
      }
    />
  );
}
