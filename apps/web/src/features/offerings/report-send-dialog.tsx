import { MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import { REPORT_MESSAGES } from '@steward/contracts/report';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Skeleton, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { serverMessageOf } from '../../api/http.ts';
import { createShareLink, getReportEmail, reportKeys, type ReportKey } from '../../api/report.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { shareUrl } from './report-copy.ts';
import { ReportShareLink } from './report-share-link.tsx';

/** The dialog's tabs (spec §4 'Send dialog'): the spec's 'Churchplus' tab is 'Email' (DESIGN.md). */
export type SendTab = 'email' | 'sms' | 'sharelink';

interface ReportSendDialogProps {
  open: boolean;
  onClose: () => void;
  reportKey: ReportKey;
  /** 'Report For {event name}' */
  defaultSubject: string;
  defaultMessage: string;
  /** the share link made on this page, if any (shared with 'Get share link') */
  link: string | null;
  onLink: (url: string) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s()-]{7,20}$/;

/** What Send does with the fields of a tab: the error to show, or the recipients. */
export function checkDestinations(
  tab: 'email' | 'sms',
  to: string[],
  copyToMyself: boolean,
): { error: string } | { recipients: string[] } {
  const filled = to.map((t) => t.trim()).filter(Boolean);
  // SMS with no phone entered shows the error and aborts (spec §4); on the e-mail tab a copy to
  // oneself is a destination too
  if (filled.length === 0 && (tab === 'sms' || !copyToMyself)) return { error: REPORT_MESSAGES.noDestination };
  const bad = filled.find((t) => !(tab === 'email' ? EMAIL : PHONE).test(t));
  if (bad) return { error: `${bad} is not ${tab === 'email' ? 'an e-mail address' : 'a phone number'}` };
  return { recipients: filled };
}

function Recipients({
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

/** The e-mail as it would be sent: subject and the server's HTML, in a sandboxed frame. */
function EmailPreview({ reportKey, message }: { reportKey: ReportKey; message: string }) {
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
      style={{ width: '100%', height: '65vh', border: '1px solid #e6e9ec', borderRadius: 8, background: '#f4f5f7' }}
    />
  );
}

/**
 * 'Send this report' (spec 2.6, §4 'Send dialog'): tabs Email, SMS and Share link. Email and
 * SMS have From (the user's e-mail / the church's name), To (repeatable rows, add and remove),
 * Subject ('Report For {event name}', editable after 'edit'), Message, 'Send a copy to myself'
 * (Email) and Cancel, Preview, Send. With no recipient Send shows 'Enter at least a destination
 * for the report', cleared on input. Delivery comes with messaging (a later issue): until then a
 * valid Send says plainly that sending is not configured and sends nothing (nor marks it sent).
 * The Share link tab shows a read-only link with a copy icon ('Link Copied').
 */
export function ReportSendDialog(props: ReportSendDialogProps) {
  const { open, onClose, reportKey, defaultSubject, defaultMessage, link, onLink } = props;
  const user = useCurrentUser();
  const [tab, setTab] = useState<SendTab>('email');
  const [emails, setEmails] = useState<string[]>(['']);
  const [phones, setPhones] = useState<string[]>(['']);
  const [subject, setSubject] = useState(defaultSubject);
  const [editingSubject, setEditingSubject] = useState(false);
  const [text, setText] = useState(defaultMessage);
  const [copyToMyself, setCopyToMyself] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [preview, setPreview] = useState(false);
  const share = useMutation({
    mutationFn: () => createShareLink(reportKey),
    onSuccess: (r) => onLink(shareUrl(r.returnObject.path)),
  });
  const touched = () => {
    setError(null);
    setNotice(null);
  };

  const send = () => {
    if (tab === 'sharelink') return;
    const checked = checkDestinations(tab, tab === 'email' ? emails : phones, copyToMyself);
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    setError(null);
    setNotice(REPORT_MESSAGES.sendingNotConfigured(tab === 'email' ? 'Email' : 'SMS'));
  };

  const fields = (channel: 'email' | 'sms') => (
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
            onChange={(e) => setSubject(e.target.value)}
            maxLength={200}
          />
          <Button type="link" onClick={() => setEditingSubject(true)} disabled={editingSubject}>
            edit
          </Button>
        </Flex>
      </Form.Item>
      <Form.Item label="Message">
        <Input.TextArea
          rows={4}
          value={text}
          maxLength={2000}
          placeholder="Enter your message"
          aria-label="Message"
          onChange={(e) => {
            touched();
            setText(e.target.value);
          }}
        />
      </Form.Item>
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
          <Button key="send" type="primary" onClick={send}>
            Send
          </Button>,
        ];

  return (
    <>
      <Modal open={open} title="Send this report" onCancel={onClose} footer={footer} width={640} destroyOnHidden>
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
        {notice ? <Alert style={{ marginTop: 12 }} type="warning" showIcon role="status" title={notice} /> : null}
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
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', background: '#f4f5f7', padding: 12, borderRadius: 8 }}>
            {text || 'Enter your message'}
          </Typography.Paragraph>
        ) : (
          <>
            <Typography.Paragraph>
              <Typography.Text type="secondary">Subject: </Typography.Text>
              <span data-testid="preview-subject">{subject}</span>
            </Typography.Paragraph>
            <EmailPreview reportKey={reportKey} message={text} />
          </>
        )}
      </Modal>
    </>
  );
}
