import { personalize } from '@steward/contracts/merge-fields';
import { Typography } from 'antd';
import { HtmlFrame } from './html-frame.tsx';
import { SAMPLE_FIRST_NAME } from './sms-counter.tsx';

interface EmailPreviewProps {
  subject: string;
  /** the body as it will be sent (emailHtml of the typed text) */
  html: string;
  personalized: boolean;
  churchName: string;
}

/**
 * The e-mail's live preview: its subject and the HTML body as members will see it, in a
 * sandboxed frame (sandbox="": no scripts, no navigation, no same-origin access). A personalised
 * message is shown as sent to a member named {@link SAMPLE_FIRST_NAME}.
 */
export function EmailPreview({ subject, html, personalized, churchName }: EmailPreviewProps) {
  const who = { name: SAMPLE_FIRST_NAME, churchName };
  const shownSubject = personalized ? personalize(subject, who) : subject;
  const shownHtml = personalized ? personalize(html, who) : html;
  return (
    <section aria-label="E-mail preview">
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        Preview{personalized ? ` (as sent to ${SAMPLE_FIRST_NAME})` : ''}
      </Typography.Text>
      <div style={{ border: '1px solid #f0f0f0', borderRadius: 8, overflow: 'hidden' }}>
        <div style={{ padding: '8px 12px', background: '#fafafa', borderBottom: '1px solid #f0f0f0' }}>
          <Typography.Text type="secondary">Subject: </Typography.Text>
          <Typography.Text data-testid="preview-subject">{shownSubject || '(no subject yet)'}</Typography.Text>
        </div>
        <HtmlFrame
          title="E-mail preview"
          height={240}
          html={shownHtml || '<p style="color:#8c8c8c">The message shows here as you type.</p>'}
        />
      </div>
    </section>
  );
}
