import { Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { formatCount } from './compose-model.ts';

/*
 * Labels and colours of a message's and a recipient's status (issue 9: queued, sent, delivered
 * or undelivered where the gateway reports it, failed), shared by the sent lists, the report
 * page and the Outbox.
 */

export type RecipientStatus = 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed';

/** The recipient statuses in the order a message moves through them. */
export const RECIPIENT_STATUSES: RecipientStatus[] = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
];

const RECIPIENT: Record<RecipientStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'default' },
  sending: { label: 'Sending', color: 'processing' },
  sent: { label: 'Sent', color: 'cyan' },
  delivered: { label: 'Delivered', color: 'success' },
  undelivered: { label: 'Undelivered', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
};

const MESSAGE: Record<string, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'default' },
  scheduled: { label: 'Scheduled', color: 'purple' },
  sending: { label: 'Sending', color: 'processing' },
  done: { label: 'Done', color: 'success' },
};

/** 'Delivered', 'Failed', ... (the status itself, capitalised, for one the page does not know). */
export function recipientStatusLabel(status: string): string {
  return RECIPIENT[status as RecipientStatus]?.label ?? status.charAt(0).toUpperCase() + status.slice(1);
}

/** A recipient's status as a coloured tag. */
export function RecipientStatusTag({ status }: { status: string }) {
  return (
    <Tag color={RECIPIENT[status as RecipientStatus]?.color ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {recipientStatusLabel(status)}
    </Tag>
  );
}

/** A message's status (draft, scheduled, sending, done) as a coloured tag. */
export function MessageStatusTag({ status }: { status: string }) {
  const s = MESSAGE[status] ?? { label: recipientStatusLabel(status), color: 'default' };
  return (
    <Tag color={s.color} style={{ marginInlineEnd: 0 }}>
      {s.label}
    </Tag>
  );
}

/**
 * The count of recipients a message did not reach ('2 failed', '2 not delivered'): in red when
 * there are any, so that a finished message with some failures says so beside its progress bar.
 */
export function FailedCount({ count, label }: { count: number; label: string }) {
  const text = `${formatCount(count)} ${label}`;
  return count > 0 ? (
    <Typography.Text type="danger" style={{ fontSize: 'inherit' }} data-testid="failed-count">
      {text}
    </Typography.Text>
  ) : (
    <>{text}</>
  );
}

/** 'MM/DD/YYYY HH:mm' (spec §5 date, local time) of an ISO date-time; '' for none. */
export function formatDateTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('MM/DD/YYYY HH:mm') : '';
}

/** A recipient's address as shown: '—' for a member who had none (the server keeps '(none: <id>)'). */
export function shownAddress(address: string): string {
  return address.startsWith('(none') ? '—' : address;
}
