import { smsSegments } from '@steward/contracts/sms-segments';
import { DatePicker, Form, Input, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SenderIdPicker } from '../messaging/sender-id-picker.tsx';
import type { MessageField } from './attendance-form-model.ts';
import { ATTENDANCE_TEXTS } from './attendance-texts.ts';

/** The cut-off pickers' format: the UI's date (spec §5) and a 12-hour time. */
export const CUT_OFF_FORMAT = 'MM/DD/YYYY hh:mm A';

/** An SMS's length as its sender pays for it: characters and SMS pages (GSM-7 160/153, UCS-2 70/67). */
function SmsLength({ field }: { field: MessageField }) {
  const text = (Form.useWatch(field) as string | undefined) ?? '';
  const s = smsSegments(text);
  const chars = Array.from(text).length;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }} aria-live="polite">
      {`${chars} character${chars === 1 ? '' : 's'} · ${s.segments} SMS${s.encoding === 'UCS-2' ? ' (Unicode)' : ''}`}
    </Typography.Text>
  );
}

/** One pane (Checkin or Registration) of a tab: a titled card. */
function Pane({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="attendance-pane">
      <Typography.Title level={3} style={{ fontSize: 15, margin: 0 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 12 }}>
        {hint}
      </Typography.Paragraph>
      {children}
    </section>
  );
}

/** An SMS pane: the sender ID picker (messaging's) and the message. */
function SmsPane({
  title,
  hint,
  sender,
  text,
}: {
  title: string;
  hint: string;
  sender: MessageField;
  text: MessageField;
}) {
  return (
    <Pane title={title} hint={hint}>
      <Form.Item
        label="Sender ID"
        name={sender}
        getValueProps={(v: string | undefined) => ({ value: v || undefined })}
        normalize={(v: string | undefined) => v ?? ''}
      >
        <SenderIdPicker aria-label={`${title} sender ID`} />
      </Form.Item>
      <Form.Item label="Message" name={text} style={{ marginBottom: 4 }}>
        <Input.TextArea rows={4} maxLength={1600} placeholder="Type the SMS" aria-label={`${title} SMS`} />
      </Form.Item>
      <SmsLength field={text} />
    </Pane>
  );
}

/** An e-mail pane: subject and message. */
function EmailPane({
  title,
  hint,
  subject,
  text,
}: {
  title: string;
  hint: string;
  subject: MessageField;
  text: MessageField;
}) {
  return (
    <Pane title={title} hint={hint}>
      <Form.Item label="Subject" name={subject}>
        <Input maxLength={300} placeholder="Subject" aria-label={`${title} e-mail subject`} />
      </Form.Item>
      <Form.Item label="Message" name={text} style={{ marginBottom: 0 }}>
        <Input.TextArea rows={5} maxLength={20000} placeholder="Type the e-mail" aria-label={`${title} e-mail`} />
      </Form.Item>
    </Pane>
  );
}

/** A cut-off pane: date and time. */
function CutOffPane({
  title,
  hint,
  name,
}: {
  title: string;
  hint: string;
  name: 'checkInCutOffTime' | 'registrationCutOffTime';
}) {
  return (
    <Pane title={title} hint={hint}>
      <Form.Item label="Closes at" name={name} style={{ marginBottom: 0 }}>
        <DatePicker
          showTime={{ format: 'hh:mm A', minuteStep: 5 }}
          format={CUT_OFF_FORMAT}
          placeholder="MM/DD/YYYY hh:mm"
          aria-label={`${title} cut-off time`}
          style={{ width: '100%' }}
        />
      </Form.Item>
    </Pane>
  );
}

/**
 * The SMS, Email and Cut-off time tabs of Add Attendance (spec 2.9), each with a Checkin pane and
 * a Registration pane (side by side on a wide screen, one under the other on a phone). SMS panes
 * have messaging's sender ID picker and a length count; Email panes a subject and the message;
 * Cut-off panes the date and time after which check-in (or registration) is closed.
 */
export function AttendanceMessageTabs() {
  return (
    <Tabs
      className="attendance-message-tabs"
      items={[
        {
          key: 'sms',
          label: 'SMS',
          forceRender: true,
          children: (
            <div className="attendance-panes">
              <SmsPane
                title="Checkin"
                hint={ATTENDANCE_TEXTS.checkinHint}
                sender="checkInSMSSubject"
                text="checkinSMS"
              />
              <SmsPane
                title="Registration"
                hint={ATTENDANCE_TEXTS.registrationHint}
                sender="registrationSMSSubject"
                text="registrationSMS"
              />
            </div>
          ),
        },
        {
          key: 'email',
          label: 'Email',
          forceRender: true,
          children: (
            <div className="attendance-panes">
              <EmailPane
                title="Checkin"
                hint={ATTENDANCE_TEXTS.checkinHint}
                subject="checkinEmailSubject"
                text="checkinEmail"
              />
              <EmailPane
                title="Registration"
                hint={ATTENDANCE_TEXTS.registrationHint}
                subject="registrationEmailSubject"
                text="registrationEmail"
              />
            </div>
          ),
        },
        {
          key: 'cutoff',
          label: 'Cut-off time',
          forceRender: true,
          children: (
            <div className="attendance-panes">
              <CutOffPane title="Checkin" hint={ATTENDANCE_TEXTS.checkInCutOffHint} name="checkInCutOffTime" />
              <CutOffPane
                title="Registration"
                hint={ATTENDANCE_TEXTS.registrationCutOffHint}
                name="registrationCutOffTime"
              />
            </div>
          ),
        },
      ]}
    />
  );
}
