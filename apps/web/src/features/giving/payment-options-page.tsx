import {
  ArrowLeftOutlined,
  CodeOutlined,
  CopyOutlined,
  EditOutlined,
  LinkOutlined,
  ApiOutlined,
} from '@ant-design/icons';
import { GIVING_MESSAGES, type TPaymentForm } from '@steward/contracts/giving';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Space, Tag, Typography } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getPaymentForm, givingKeys } from '../../api/giving.ts';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useToast } from '../../components/use-toast.ts';
import { copyText, iframeMarkup } from './copy-text.ts';
import { editPaymentFormPath, PAYMENT_FORMS_PATH } from './giving-links.ts';
import { GIVING_TEXTS } from './giving-messages.ts';
import { QrCodeCard } from './qr-code-card.tsx';
import './giving.css';

type Panel = 'link' | 'iframe';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 };

/** One of the three sharing options: a button that shows (or hides) its panel. */
function OptionButton({
  icon,
  label,
  hint,
  open,
  disabled,
  controls,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  hint: string;
  open: boolean;
  disabled?: boolean;
  controls?: string;
  onClick?: () => void;
}) {
  return (
    <button
      type="button"
      className={`giving-option${open ? ' giving-option-open' : ''}`}
      aria-expanded={disabled ? undefined : open}
      aria-controls={controls}
      disabled={disabled}
      onClick={onClick}
    >
      <span className="giving-option-icon">{icon}</span>
      <span>
        <span className="giving-option-label">{label}</span>
        <span className="giving-option-hint">{hint}</span>
      </span>
    </button>
  );
}

/** The options and panels of a loaded form. */
function PaymentOptions({ form }: { form: TPaymentForm }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [panel, setPanel] = useState<Panel | null>('link');
  const linkInput = useRef<HTMLInputElement | null>(null);
  const iframeInput = useRef<HTMLTextAreaElement | null>(null);
  const markup = iframeMarkup(form.iframeUrl, form.name);
  const toggle = (p: Panel) => setPanel((open) => (open === p ? null : p));

  const copy = async (text: string, field: HTMLInputElement | HTMLTextAreaElement | null, done: string) => {
    if (await copyText(text, field)) toast.success(done);
    else toast.warning(GIVING_TEXTS.copyFailed, 5);
  };

  return (
    <div className="payment-options">
      <div>
        <section aria-label="Payment form" className="giving-card">
          <Flex justify="space-between" align="flex-start" gap={12} wrap>
            <div>
              <Typography.Text type="secondary">Payment form</Typography.Text>
              <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }} data-testid="form-name">
                {form.name}
              </Typography.Title>
            </div>
            <Tag color={form.isActive ? 'green' : 'default'}>{form.isActive ? 'Active' : 'Inactive'}</Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }}>
            Contribution items
          </Typography.Text>
          {form.contributionItems.length === 0 ? (
            <Typography.Text>{GIVING_TEXTS.noItems}</Typography.Text>
          ) : (
            <ul aria-label="Contribution items" className="giving-items">
              {form.contributionItems.map((c) => (
                <li key={c.id}>{c.financialContribution.name}</li>
              ))}
            </ul>
          )}
          <Button icon={<EditOutlined aria-hidden />} onClick={() => void navigate(editPaymentFormPath(form.id))}>
            Edit Payment Details
          </Button>
        </section>

        <section aria-label="Share" style={{ marginTop: 20 }}>
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            Share your payment form
          </Typography.Title>
          <div className="giving-options">
            <OptionButton
              icon={<LinkOutlined aria-hidden />}
              label="Web Payment Link"
              hint="A link to send by message or post online"
              open={panel === 'link'}
              controls="giving-link-panel"
              onClick={() => toggle('link')}
            />
            <OptionButton
              icon={<CodeOutlined aria-hidden />}
              label="iFrame"
              hint="Embed the form on your website"
              open={panel === 'iframe'}
              controls="giving-iframe-panel"
              onClick={() => toggle('iframe')}
            />
            <OptionButton
              icon={<ApiOutlined aria-hidden />}
              label="Plugin"
              hint="Not offered by Steward: use the web link or the iFrame"
              open={false}
              disabled
            />
          </div>
          {panel === 'link' ? (
            <div id="giving-link-panel" role="region" aria-label="Web Payment Link" className="giving-card">
              <Typography.Paragraph type="secondary">
                Anyone with this link can give to {form.name}, from a phone or a computer.
              </Typography.Paragraph>
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  ref={(r) => {
                    linkInput.current = r?.input ?? null;
                  }}
                  value={form.paymentUrl}
                  readOnly
                  aria-label="Payment link"
                  onFocus={(e) => e.currentTarget.select()}
                  style={mono}
                />
                <Button
                  icon={<CopyOutlined aria-hidden />}
                  aria-label="Copy payment link"
                  onClick={() => void copy(form.paymentUrl, linkInput.current, GIVING_MESSAGES.paymentLinkCopied)}
                />
              </Space.Compact>
              <a
                href={form.paymentUrl}
                target="_blank"
                rel="noreferrer"
                style={{ display: 'inline-block', marginTop: 8 }}
              >
                Open the giving page
              </a>
            </div>
          ) : null}
          {panel === 'iframe' ? (
            <div id="giving-iframe-panel" role="region" aria-label="iFrame" className="giving-card">
              <Typography.Paragraph type="secondary">
                Paste this code into a page of your website to show the form there (720 by 1190 pixels).
              </Typography.Paragraph>
              <Input.TextArea
                ref={(r) => {
                  iframeInput.current = r?.resizableTextArea?.textArea ?? null;
                }}
                value={markup}
                readOnly
                autoSize={{ minRows: 3, maxRows: 6 }}
                aria-label="iFrame code"
                onFocus={(e) => e.currentTarget.select()}
                style={mono}
              />
              <Button
                icon={<CopyOutlined aria-hidden />}
                style={{ marginTop: 8 }}
                onClick={() => void copy(markup, iframeInput.current, GIVING_TEXTS.iframeCopied)}
              >
                Copy iFrame code
              </Button>
            </div>
          ) : null}
        </section>
      </div>
      <QrCodeCard form={form} />
    </div>
  );
}

/**
 * /tenant/paymentoptions/:paymentId, route PaymentOption (giving spec 2.3): 'Payment Options',
 * the form's name and items, 'Edit Payment Details'; the 'Web Payment Link' ({host}/give/{id},
 * copy: 'Payment link copied to your clipboard') and 'iFrame' ({host}/iframe/{id}, 720 by 1190,
 * copy) panels, one at a time, the plugin option disabled; the QR code of the link to download
 * or print for the church's foyer.
 */
export function PaymentOptionsPage() {
  const { paymentId = '' } = useParams();
  const form = useQuery({ queryKey: givingKeys.form(paymentId), queryFn: () => getPaymentForm(paymentId) });
  const navigate = useNavigate();

  let body: ReactNode;
  if (form.isPending) body = <PageSkeleton rows={10} />;
  else if (form.isError) {
    const notFound = form.error instanceof HttpError && [400, 404].includes(form.error.status);
    body = isNetworkError(form.error) ? (
      <NetworkErrorState onRetry={() => void form.refetch()} />
    ) : (
      <EmptyState description={notFound ? GIVING_TEXTS.formNotFound : GIVING_TEXTS.formLoadFailed}>
        <Button onClick={() => void navigate(PAYMENT_FORMS_PATH)}>Back to Payment Forms</Button>
      </EmptyState>
    );
  } else body = <PaymentOptions form={form.data} />;

  return (
    <>
      <PageHeader
        title="Payment Options"
        subtitle={
          <Link to={PAYMENT_FORMS_PATH}>
            <ArrowLeftOutlined aria-hidden /> Payment Forms
          </Link>
        }
      />
      {body}
    </>
  );
}
