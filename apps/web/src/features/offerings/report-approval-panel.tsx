import { CheckCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { REPORT_MESSAGES, type TReportState } from '@steward/contracts/report';
import { TOAST_SECONDS } from '@steward/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Divider, Flex, Grid, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { serverMessageOf } from '../../api/http.ts';
import {
  approveReport,
  createShareLink,
  getReportStatus,
  markReportAsSent,
  reportKeys,
  revokeShareLinks,
  unapproveReport,
  type ReportKey,
} from '../../api/report.ts';
import { formatDate } from '../../components/dates.ts';
import { ReportShareLink } from './report-share-link.tsx';
import { shareUrl } from './report-copy.ts';

interface ReportApprovalPanelProps {
  reportKey: ReportKey;
  /** opens the send dialog (spec 2.6) */
  onSend: () => void;
  /** the share link made on this page, shared with the send dialog's Share link tab */
  link: string | null;
  onLink: (url: string) => void;
}

/** 'MM/DD/YYYY at h:mm A' of an ISO timestamp, in the browser's time zone. */
const when = (isoTime: string) =>
  `${formatDate(dayjs(isoTime).format('YYYY-MM-DD'))} at ${dayjs(isoTime).format('h:mm A')}`;

/** 'Marked as sent today' when sent today, else 'Last sent: MM/DD/YYYY', or 'Last sent: not yet'. */
export function sentLabel(sentAt: string | null, now = dayjs()): string {
  if (!sentAt) return 'Last sent: not yet';
  return dayjs(sentAt).isSame(now, 'day')
    ? REPORT_MESSAGES.markedAsSentToday
    : `Last sent: ${formatDate(dayjs(sentAt).format('YYYY-MM-DD'))}`;
}

/**
 * The offering report's approval and send section (spec 2.6, §4 'Offering report'): a DRAFT
 * notice with 'Approve report' until approved; then who approved it and when, 'Unapprove' (after
 * a confirmation: its offerings can then be changed again), and the send section: 'Send Report'
 * ('Resend Report' once sent), 'Get share link' (a new link, copied, shown read-only with a copy
 * icon), 'mark as sent' ('Marked as sent today' after it), and the active share links with
 * 'Withdraw share links'.
 */
export function ReportApprovalPanel({ reportKey, onSend, link, onLink }: ReportApprovalPanelProps) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [showLink, setShowLink] = useState(false);
  // on a phone the button goes under the text rather than squeezing it
  const wide = Grid.useBreakpoint().md ?? true;
  const place = (button: ReactNode, description?: string) =>
    wide
      ? { action: button, description }
      : {
          description: (
            <Flex vertical align="flex-start" gap={8}>
              {description ? <span>{description}</span> : null}
              {button}
            </Flex>
          ),
        };
  const status = useQuery({ queryKey: reportKeys.status(reportKey), queryFn: () => getReportStatus(reportKey) });
  const setState = (s: TReportState) =>
    queryClient.setQueryData(
      reportKeys.status(reportKey),
      (old: { status: boolean; response: string } | undefined) => ({
        status: true,
        response: old?.response ?? '',
        returnObject: s,
      }),
    );
  const failed = (fallback: string) => (err: unknown) =>
    void message.error(serverMessageOf(err) ?? fallback, TOAST_SECONDS.default);

  const approve = useMutation({
    mutationFn: () => approveReport(reportKey),
    onSuccess: (r) => {
      setState(r.returnObject);
      void message.success(REPORT_MESSAGES.approved, TOAST_SECONDS.default);
    },
    onError: failed(REPORT_MESSAGES.approveFailed),
  });
  const unapprove = useMutation({
    mutationFn: () => unapproveReport(reportKey),
    onSuccess: (r) => {
      setState(r.returnObject);
      setShowLink(false);
      void message.success(REPORT_MESSAGES.unapproved, TOAST_SECONDS.default);
    },
    onError: failed('The report could not be unapproved, please try again'),
  });
  const markSent = useMutation({
    mutationFn: () => markReportAsSent(reportKey),
    onSuccess: (r) => setState(r.returnObject),
    onError: failed('The report could not be marked as sent, please try again'),
  });
  const share = useMutation({
    mutationFn: () => createShareLink(reportKey),
    onSuccess: (r) => {
      onLink(shareUrl(r.returnObject.path));
      setShowLink(true);
      void queryClient.invalidateQueries({ queryKey: reportKeys.status(reportKey) });
    },
    onError: failed('The share link could not be made, please try again'),
  });
  const revoke = useMutation({
    mutationFn: () => revokeShareLinks(reportKey),
    onSuccess: (r) => {
      setState(r.returnObject);
      onLink('');
      setShowLink(false);
      void message.success(r.response, TOAST_SECONDS.default);
    },
    onError: failed('The share links could not be withdrawn, please try again'),
  });

  if (status.isPending) return <Skeleton active paragraph={{ rows: 2 }} style={{ marginTop: 16 }} />;
  if (status.isError)
    return (
      <Alert
        style={{ marginTop: 16 }}
        type="error"
        showIcon
        title="The report's approval could not be loaded"
        action={<Button onClick={() => void status.refetch()}>Try again</Button>}
      />
    );
  const s = status.data.returnObject;

  const confirmUnapprove = () =>
    modal.confirm({
      title: 'Unapprove this report?',
      content:
        'The report goes back to DRAFT: its offerings can be edited and deleted again, and its share links show nothing until you approve it again.',
      okText: 'Unapprove',
      cancelText: 'Cancel',
      okButtonProps: { danger: true },
      onOk: () => unapprove.mutateAsync().catch(() => undefined),
    });
  const confirmRevoke = () =>
    modal.confirm({
      title: 'Withdraw the share links?',
      content: 'Anyone who opens them will be told the link was withdrawn. You can make a new link afterwards.',
      okText: 'Withdraw',
      cancelText: 'Cancel',
      okButtonProps: { danger: true },
      onOk: () => revoke.mutateAsync().catch(() => undefined),
    });

  if (!s.approved)
    return (
      <section aria-label="Approval" style={{ marginTop: 16 }}>
        <Alert
          type="warning"
          showIcon
          icon={<InfoCircleFilled aria-hidden />}
          title={
            <span>
              <Tag color="orange">DRAFT</Tag> {REPORT_MESSAGES.draftNotice}
            </span>
          }
          {...place(
            <Button type="primary" loading={approve.isPending} onClick={() => approve.mutate()}>
              {REPORT_MESSAGES.approve}
            </Button>,
            s.unapprovedAt && s.unapprovedBy
              ? `Unapproved by ${s.unapprovedBy.name} on ${when(s.unapprovedAt)}`
              : undefined,
          )}
        />
      </section>
    );

  return (
    <section aria-label="Approval" style={{ marginTop: 16 }}>
      <Alert
        type="success"
        showIcon
        icon={<CheckCircleFilled aria-hidden />}
        title={
          <span data-testid="report-approved">
            <Tag color="green">APPROVED</Tag> Approved by {s.approvedBy?.name ?? 'a user'} on {when(s.approvedAt!)}
          </span>
        }
        {...place(
          <Button danger loading={unapprove.isPending} onClick={confirmUnapprove}>
            Unapprove
          </Button>,
          'Its offerings can be edited or deleted only after it is unapproved.',
        )}
      />
      <Divider style={{ margin: '16px 0' }} />
      <div role="region" aria-label="Send">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <div>
            <Typography.Text type="secondary">Send</Typography.Text>
            <div>
              <Typography.Text strong data-testid="report-sent">
                {sentLabel(s.sentAt)}
              </Typography.Text>
            </div>
          </div>
          <Flex align="center" wrap gap={8}>
            <Button type="primary" onClick={onSend}>
              {s.sentAt ? REPORT_MESSAGES.resendReport : REPORT_MESSAGES.sendReport}
            </Button>
            <Button loading={share.isPending} onClick={() => share.mutate()}>
              {REPORT_MESSAGES.getShareLink}
            </Button>
            <Typography.Text type="secondary">or</Typography.Text>
            <Button type="link" style={{ padding: 0 }} loading={markSent.isPending} onClick={() => markSent.mutate()}>
              {REPORT_MESSAGES.markAsSent}
            </Button>
          </Flex>
        </Flex>
        {showLink && link ? (
          <div style={{ marginTop: 12 }}>
            <ReportShareLink url={link} autoCopy />
          </div>
        ) : null}
        {s.shareLinks.length ? (
          <Flex align="center" wrap gap={8} style={{ marginTop: 12 }}>
            <Typography.Text type="secondary" data-testid="report-share-count">
              {s.shareLinks.length === 1
                ? `1 active share link, made on ${when(s.shareLinks[0]!.createdAt)} by ${s.shareLinks[0]!.createdBy}`
                : `${s.shareLinks.length} active share links, the latest made on ${when(s.shareLinks[0]!.createdAt)}`}
            </Typography.Text>
            <Button size="small" danger loading={revoke.isPending} onClick={confirmRevoke}>
              Withdraw share links
            </Button>
          </Flex>
        ) : null}
      </div>
    </section>
  );
}
