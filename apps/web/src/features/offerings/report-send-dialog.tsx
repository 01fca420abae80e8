import { REPORT_MESSAGES } from '@steward/contracts/report';
import type { TSendResponse } from '@steward/contracts/messaging';
import { TOAST_SECONDS } from '@steward/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Flex, Form, Input, Modal, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { HttpError, serverMessageOf } from '../../api/http.ts';
import { getSmsUnits } from '../../api/messaging.ts';
import { getOfferingReport } from '../../api/offerings.ts';
import { messagingKeys, offeringKeys } from '../../api/query-keys.ts';
import {
  createShareLink,
  getReportEmail,
  markReportAsSent,
  reportKeys,
  sendReportEmail,
  sendReportSms,
  type ReportKey,
} from '../../api/report.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { checkDestinations, reportEmailText, reportSmsText, shareUrl } from './report-copy.ts';
import { EmailPreview, Recipients, SendOutcome, SmsCount, SmsPreview } from './report-send-parts.tsx';
import { ReportShareLink } from './report-share-link.tsx';

/** The dialog's tabs (spec §4 'Send dialog'): the spec's 'Churchplus' tab is 'Email' (DESIGN.md). */
export type SendTab = 'email' | 'sms' | 'sharelink';
type Channel = 'email' | 'sms';

interface ReportSendDialogProps {
  open: boolean;
  onClose: () => void;
  reportKey: ReportKey;
  /** 'Report For {event name}' */
  defaultSubject: string;
  /** the e-mail's message, put above the report */
  defaultMessage: string;
  /** the share link made on this page, if any (shared with 'Get share link') */
  link: string | null;
  onLink: (url: string) => void;
}

/**
 * The text of a refused or failed Send (spec §8 'Report send'): the server's own message when it
 * refused the request (a 4xx: no approved sender ID, too few SMS units), else 'Sending Failed'.
 */
function sendFailure(err: unknown): string {
  if (err instanceof HttpError && err.status >= 400 && err.status < 500)
    return err.fieldErrors[0]?.message ?? err.serverMessage ?? REPORT_MESSAGES.sendFailed;
  return REPORT_MESSAGES.sendFailed;
}

/**
 * 'Send this report' (spec 2.6, §4 'Send dialog', §8 'Report send'; issue 9 'The offering report
 * goes out'): tabs Email, SMS and Share link. Email and SMS have From (the user's e-mail / the
 * church's name), To (repeatable rows, add and remove), Subject ('Report For {event name}',
 * editable after 'edit'), Message and Cancel, Preview, Send.
 * - Email sends the report's e-mail HTML (GET /api/Offering/report/email-html, the Message put
 *   above it: exactly what Preview shows; with its plain-text twin) to the To rows, and to the
 *   user with 'Send a copy to myself'.
 * - SMS sends a short summary ('Report For {event}: total {amount} on {date}. View: {link}',
 *   editable), with its segments and cost in units; the server sends it from the church's
 *   approved sender ID.
 * With no recipient Send shows 'Enter at least a destination for the report' (cleared on input)
 * and sends nothing. A successful Send toasts 'Send Success', shows who it could not reach and
 * who opted out with 'See delivery' (/tenant/messages/{id}), and marks the report as sent
 * ('Marked as sent today', 'Resend Report'); a refusal toasts the server's message, any other
 * failure 'Sending Failed' (3 s). The Share link tab shows a read-only link with a copy icon.
 */
export function ReportSendDialog(props: ReportSendDialogProps) {
  const { open, onClose, reportKey, defaultSubject, defaultMessage, link, onLink } = props;
  const user = useCurrentUser();
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<SendTab>('email');
  const [emails, setEmails] = useState<string[]>(['']);
  const [phones, setPhones] = useState<string[]>(['']);
  const [subject, setSubject] = useState(defaultSubject);
  const [editingSubject, setEditingSubject] = useState(false);
  const [note, setNote] = useState(defaultMessage);
  // null until the user edits it: the proposed summary, once its figures and link are known
  const [smsEdited, setSmsEdited] = useState<string | null>(null);
  const [copyToMyself, setCopyToMyself] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Partial<Record<Channel, TSendResponse>>>({});
  const [preview, setPreview] = useState(false);

  // the page's own report query (cached): the total and the event of the SMS
  const figures = useQuery({
    queryKey: offeringKeys.report(reportKey.date, reportKey.activityId),
    queryFn: () => getOfferingReport(reportKey.date, reportKey.activityId),
    enabled: open,
  });
  // the e-mail version answers the absolute 'View full report' address the SMS links to
  const linked = useQuery({
    queryKey: reportKeys.email(reportKey, ''),
    queryFn: () => getReportEmail(reportKey, ''),
    enabled: open,
  });
  const units = useQuery({ queryKey: messagingKeys.units(), queryFn: getSmsUnits, enabled: open && tab === 'sms' });
  const r = figures.data?.status ? figures.data.returnObject : null;
  const eventName = r && reportKey.activityId ? r.activityName || null : null;
  const proposedSms =
    r && linked.data
      ? reportSmsText({
          eventName,
          date: reportKey.date,
          total: r.totalToday,
          currency: r.tenantCurrency,
          url: linked.data.returnObject.fullReportUrl,
        })
      : '';
  const smsText = smsEdited ?? proposedSms;

  const share = useMutation({
    mutationFn: () => createShareLink(reportKey),
    onSuccess: (a) => onLink(shareUrl(a.returnObject.path)),
  });
  const markSent = useMutation({
    mutationFn: () => markReportAsSent(reportKey),
    onSuccess: (a) => queryClient.setQueryData(reportKeys.status(reportKey), a),
    onError: () =>
      void toast.warning(
        "The report was sent, but it could not be marked as sent: use 'mark as sent'",
        TOAST_SECONDS.info,
      ),
  });
  const send = useMutation({
    mutationFn: async ({ channel, recipients }: { channel: Channel; recipients: string[] }) => {
      const title = subject.trim();
      if (channel === 'sms') return sendReportSms(recipients, title, smsText.trim(), user.isoCode);
      // the very HTML Preview shows (same query); fetched now if Preview was not opened
      const email = await queryClient.fetchQuery({
        queryKey: reportKeys.email(reportKey, note),
        queryFn: () => getReportEmail(reportKey, note),
      });
      const text = r
        ? reportEmailText({
            note,
            churchName: user.churchName,
            eventName,
            date: reportKey.date,
            currency: r.tenantCurrency,
            total: r.totalToday,
            rows: r.todayContributions,
            url: email.returnObject.fullReportUrl,
          })
        : undefined;
      return sendReportEmail(recipients, title, email.returnObject.html, text);
    },
    onSuccess: (answer, { channel }) => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      if (!answer.status) {
        setError(answer.message || answer.response);
        void toast.error(answer.message || answer.response, TOAST_SECONDS.default);
        return;
      }
      setSent((s) => ({ ...s, [channel]: answer }));
      void toast.success(REPORT_MESSAGES.sendSuccess, TOAST_SECONDS.default);
      markSent.mutate();
    },
    onError: (err) => {
      const text = sendFailure(err);
      if (text !== REPORT_MESSAGES.sendFailed) setError(text);
      void toast.error(text, TOAST_SECONDS.default);
    },
  });
  const touched = () => setError(null);

  const submit = () => {
    if (tab === 'sharelink' || send.isPending) return;
    const checked = checkDestinations(tab, tab === 'email' ? emails : phones, copyToMyself ? user.userEmail : null);
    if ('error' in checked) return setError(checked.error);
    if (!subject.trim()) return setError('Enter a subject');
    if (tab === 'sms' && !smsText.trim()) return setError('Enter the message');
    setError(null);
    setSent((s) => ({ ...s, [tab]: undefined }));
    send.mutate({ channel: tab, recipients: checked.recipients });
  };

  const toCount = (channel: Channel) => {
    const checked = checkDestinations(
      channel,
      channel === 'email' ? emails : phones,
      channel === 'email' && copyToMyself ? user.userEmail : null,
    );
    return 'recipients' in checked
      ? checked.recipients
      : (channel === 'email' ? emails : phones).filter((x) => x.trim());
  };

  const fields = (channel: Channel) => (
    <Form layout="vertical" requiredMark={false} style={{ marginTop: 8 }}>
      <Form.Item label="From">
        <Input value={channel === 'email' ? user.userEmail : user.churchName} readOnly aria-label="From" />
      </Form.Item>
      <Form.Item label="To" style={{ marginBottom: 16 }}>
        <Recipients
          tab={channel}
          values={channel === 'email' ? emails : phones}
          onChange={(next) => {
            touched();
            (channel === 'email' ? setEmails : setPhones)(next);
          }}
        />
      </Form.Item>
      <Form.Item label="Subject">
        <Flex gap={8} align="center">
          <Input
            value={subject}
            aria-label="Subject"
            disabled={!editingSubject}
            onChange={(e) => {
              touched();
              setSubject(e.target.value);
            }}
            maxLength={200}
          />
          <Button type="link" onClick={() => setEditingSubject(true)} disabled={editingSubject}>
            edit
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item
        label="Message"
        extra={
          channel === 'email' ? (
            'Shown above the report in the e-mail.'
          ) : (
            <SmsCount text={smsText} recipients={toCount('sms').length} units={units.data ?? null} />
          )
        }
      >
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 10 }}
          value={channel === 'email' ? note : smsText}
          maxLength={channel === 'email' ? 2000 : 1000}
          placeholder={
            channel === 'sms' && !proposedSms && !smsEdited ? 'Preparing the summary…' : 'Enter your message'
          }
          aria-label="Message"
          onChange={(e) => {
            touched();
            if (channel === 'email') setNote(e.target.value);
            else setSmsEdited(e.target.value);
          }}
        />
      </Form.Item>
      {channel === 'sms' && smsEdited !== null && proposedSms && smsEdited !== proposedSms ? (
        <Button type="link" style={{ padding: 0, marginTop: -12 }} onClick={() => setSmsEdited(null)}>
          Use the proposed summary
        </Button>
      ) : null}
      {channel === 'email' ? (
        <Checkbox
          checked={copyToMyself}
          onChange={(e) => {
            touched();
            setCopyToMyself(e.target.checked);
          }}
        >
          Send a copy to myself at {user.userEmail}
        </Checkbox>
      ) : null}
    </Form>
  );

  const footer =
    tab === 'sharelink'
      ? [
          <Button key="close" onClick={onClose}>
            Close
          </Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>
            Cancel
          </Button>,
          <Button key="preview" onClick={() => setPreview(true)}>
            Preview
          </Button>,
          <Button key="send" type="primary" loading={send.isPending} onClick={submit}>
            Send
          </Button>,
        ];
  const outcome = tab === 'sharelink' ? undefined : sent[tab];

  return (
    <>
      <Modal
        open={open}
        title="Send this report"
        onCancel={onClose}
        footer={footer}
        width={640}
        style={{ top: 24 }}
        destroyOnHidden
      >
        <Tabs
          activeKey={tab}
          onChange={(k) => {
            setTab(k as SendTab);
            touched();
          }}
          items={[
            { key: 'email', label: 'Email', children: fields('email') },
            { key: 'sms', label: 'SMS', children: fields('sms') },
            {
              key: 'sharelink',
              label: 'Share link',
              children: (
                <Flex vertical gap={12} style={{ marginTop: 8 }}>
                  <Typography.Text type="secondary">
                    Anyone with this link can read this report, and nothing else of the church, without signing in.
                  </Typography.Text>
                  {link ? (
                    <ReportShareLink url={link} />
                  ) : (
                    <div>
                      <Button loading={share.isPending} onClick={() => share.mutate()}>
                        {REPORT_MESSAGES.getShareLink}
                      </Button>
                      {share.isError ? (
                        <Typography.Text type="danger" style={{ marginLeft: 12 }}>
                          {serverMessageOf(share.error) ?? 'The share link could not be made, please try again'}
                        </Typography.Text>
                      ) : null}
                    </div>
                  )}
                </Flex>
              ),
            },
          ]}
        />
        {error ? (
          <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 12, textAlign: 'right' }}>
            {error}
          </Typography.Text>
        ) : null}
        {outcome && tab !== 'sharelink' ? <SendOutcome channel={tab} answer={outcome} /> : null}
      </Modal>
      <Modal
        open={preview}
        title={tab === 'sms' ? 'SMS preview' : 'Preview'}
        onCancel={() => setPreview(false)}
        footer={[
          <Button key="close" onClick={() => setPreview(false)}>
            Close
          </Button>,
        ]}
        width={720}
        destroyOnHidden
      >
        {tab === 'sms' ? (
          <SmsPreview text={smsText} to={toCount('sms')} />
        ) : (
          <>
            <Typography.Paragraph style={{ marginBottom: 4 }}>
              <Typography.Text type="secondary">Subject: </Typography.Text>
              <span data-testid="preview-subject">{subject}</span>
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary" data-testid="preview-to">
              To: {toCount('email').join(', ') || 'no recipient yet'}
            </Typography.Paragraph>
            <EmailPreview reportKey={reportKey} message={note} />
          </>
        )}
      </Modal>
    </>
  );
}
