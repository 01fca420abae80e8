import { MESSAGE_TYPE } from '@steward/contracts/default-messages';
import { MESSAGES } from '@steward/contracts/messages';
import type { TSendResponse } from '@steward/contracts/messaging';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Radio, Switch, type GetRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { HttpError, isNetworkError, serverMessageOf } from '../../api/http.ts';
import { getCommunicationGroups, getSmsUnits, sendEmail, sendSms } from '../../api/messaging.ts';
import { getDefaultMessage, messagingSettingsKeys } from '../../api/messaging-settings.ts';
import { messagingKeys } from '../../api/query-keys.ts';
import { useCurrentUser } from '../../app/current-user.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useToast } from '../../components/use-toast.ts';
import type { ContactChannel } from './contacts-file.ts';
import {
  NO_DESTINATIONS,
  destinationFields,
  destinationProblem,
  emailHtml,
  hasMergeFields,
  insertAt,
  recipientEstimate,
  type Destinations,
} from './compose-model.ts';
import { DestinationPicker } from './destination-picker.tsx';
import { EmailPreview } from './email-preview.tsx';
import { MergeFieldButtons } from './merge-field-buttons.tsx';
import { SenderIdPicker } from './sender-id-picker.tsx';
import { SendResult } from './send-result.tsx';
import { SmsCounter } from './sms-counter.tsx';

interface ComposeValues {
  sender?: string;
  subject?: string;
  message: string;
  personalized: boolean;
  when: 'now' | 'later';
  scheduledAt?: Dayjs | null;
}

type TextAreaRef = GetRef<typeof Input.TextArea>;

const DESTINATION_FIELDS = new Set([
  'destinations',
  'groupedContacts',
  'ToContacts',
  'toContacts',
  'toOthers',
  'contacts',
]);

/**
 * /tenant/sms/compose and /tenant/email/compose (issue 9 'Composing'; giving spec 2.22;
 * existing-client-api §6.6): the channel comes from the path. Remounted when it changes, so the
 * SMS and e-mail forms never share state.
 */
export function ComposePage() {
  const { pathname } = useLocation();
  const channel: ContactChannel = /\/email\//i.test(pathname) ? 'email' : 'sms';
  return <ComposeForm key={channel} channel={channel} />;
}

/**
 * The compose form: destinations (all contacts, groups, people, typed numbers or e-mails, an
 * uploaded CSV), the sender ID (SMS; only approved ones send) or subject (e-mail), the message
 * with merge fields ({firstName}, {churchName}) and the 'Personalise' switch, the live SMS
 * counter and cost, or the e-mail's HTML preview; Send now, Schedule (date and time) or Save
 * draft. `?defaultId=` prefills it from a default message. After sending, the server's answer
 * replaces the form (recipients queued, invalid ones and why, opted out, units) with the way to
 * the message's report. A 400 shows on its field; Send is disabled while the request runs.
 */
function ComposeForm({ channel }: { channel: ContactChannel }) {
  const sms = channel === 'sms';
  const user = useCurrentUser();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const defaultId = params.get('defaultId');
  const [form] = Form.useForm<ComposeValues>();
  const textRef = useRef<TextAreaRef>(null);
  const [destinations, setDestinations] = useState<Destinations>(NO_DESTINATIONS);
  const [destError, setDestError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<TSendResponse | null>(null);
  const message = Form.useWatch('message', form) ?? '';
  const subject = Form.useWatch('subject', form) ?? '';
  const personalized = Form.useWatch('personalized', form) ?? false;
  const when = Form.useWatch('when', form) ?? 'now';

  const units = useQuery({ queryKey: messagingKeys.units(), queryFn: getSmsUnits, enabled: sms });
  const groups = useQuery({ queryKey: messagingKeys.groups(), queryFn: getCommunicationGroups });
  const counts = useMemo(
    () => ({
      all: groups.data?.allcontacts?.[0]?.count ?? null,
      groups: groups.data ? new Map((groups.data.group ?? []).map((g) => [g.id, g.count])) : null,
    }),
    [groups.data],
  );
  const estimate = recipientEstimate(destinations, counts);

  // ?defaultId=: message → body; subject → the sender ID (an SMS default) or the subject (an e-mail one)
  const prefill = useQuery({
    queryKey: messagingSettingsKeys.defaultMessage(defaultId ?? ''),
    queryFn: () => getDefaultMessage(defaultId ?? ''),
    enabled: Boolean(defaultId),
    retry: false,
  });
  const prefilled = useRef(false);
  useEffect(() => {
    const d = prefill.data;
    if (!d || prefilled.current) return;
    prefilled.current = true;
    const patch: Partial<ComposeValues> = { message: d.message };
    if (sms && d.messageType === MESSAGE_TYPE.sms && d.subject) patch.sender = d.subject;
    if (!sms && d.messageType === MESSAGE_TYPE.email) patch.subject = d.subject;
    if (hasMergeFields(d.message)) patch.personalized = true;
    form.setFieldsValue(patch);
  }, [prefill.data, form, sms]);

  const mutation = useMutation({
    mutationFn: ({ draft, values }: { draft: boolean; values: ComposeValues }) => {
      const common = {
        ...destinationFields(destinations),
        isPersonalized: values.personalized,
        isoCode: user.isoCode,
        isDraft: draft,
        source: 'compose' as const,
        ...(!draft && values.when === 'later' && values.scheduledAt
          ? { scheduledAt: values.scheduledAt.toISOString() }
          : {}),
      };
      return sms
        ? sendSms({
            ...common,
            subject: values.sender ?? '',
            message: values.message.trim(),
            contacts: [],
            category: '',
            emailAddress: '',
            emailDisplayName: '',
          })
        : sendEmail({
            ...common,
            subject: (values.subject ?? '').trim(),
            message: emailHtml(values.message),
            messageText: values.message.trim(),
          });
    },
    onSuccess: (answer) => {
      setResult(answer);
      toast.success(answer.response);
      void queryClient.invalidateQueries({ queryKey: messagingKeys.all });
      window.scrollTo({ top: 0 });
    },
    onError: (err) => {
      if (isNetworkError(err)) return void toast.error(MESSAGES.networkDisrupted);
      if (!(err instanceof HttpError) || err.status !== 400)
        return void toast.error(serverMessageOf(err) ?? 'The message could not be sent, please try again');
      let shown = false;
      for (const fe of err.fieldErrors) {
        if (DESTINATION_FIELDS.has(fe.field)) setDestError(fe.message);
        else if (fe.field === 'subject') form.setFields([{ name: sms ? 'sender' : 'subject', errors: [fe.message] }]);
        else if (fe.field === 'message' || fe.field === 'scheduledAt')
          form.setFields([{ name: fe.field, errors: [fe.message] }]);
        else continue;
        shown = true;
      }
      const text = err.fieldErrors[0]?.message ?? err.serverMessage ?? 'The message could not be sent';
      if (!shown) setFormError(text);
      toast.error(text);
    },
  });

  const submit = async (draft: boolean) => {
    setFormError(null);
    setDestError(null);
    const problem = draft ? null : destinationProblem(channel, destinations);
    if (problem) setDestError(problem);
    const names: (keyof ComposeValues)[] = [
      sms ? 'sender' : 'subject',
      'message',
      ...(draft ? [] : ['scheduledAt' as const]),
    ];
    const ok = await form.validateFields(names).then(
      () => true,
      () => false,
    );
    if (!ok || problem) {
      document.querySelector('.ant-form-item-has-error, [data-dest-error]')?.scrollIntoView?.({ block: 'center' });
      return;
    }
    mutation.mutate({ draft, values: form.getFieldsValue(true) as ComposeValues });
  };

  const again = () => {
    setResult(null);
    setDestinations(NO_DESTINATIONS);
    form.resetFields();
  };

  const title = sms ? 'Send SMS' : 'Send E-mail';
  if (result)
    return (
      <>
        <PageHeader title={title} />
        <SendResult channel={channel} answer={result} onAnother={again} />
      </>
    );

  const insert = (field: string) => {
    const el = textRef.current?.resizableTextArea?.textArea;
    const current: string = form.getFieldValue('message') ?? '';
    const start = el?.selectionStart ?? current.length;
    const end = el?.selectionEnd ?? current.length;
    const next = insertAt(current, start, end, field);
    form.setFieldsValue({ message: next.text, personalized: true });
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.caret, next.caret);
    });
  };

  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          sms ? 'Text your members, groups or any phone numbers' : 'E-mail your members, groups or any addresses'
        }
      />
      {defaultId && prefill.isPending ? (
        <Alert type="info" showIcon title="Loading the default message…" style={{ marginBottom: 16 }} />
      ) : null}
      {defaultId && prefill.isError ? (
        <Alert
          type="warning"
          showIcon
          title="The default message could not be loaded: write the message here"
          style={{ marginBottom: 16 }}
        />
      ) : null}
      {defaultId && prefill.isSuccess ? (
        <Alert type="info" showIcon title="Prefilled from a default message" style={{ marginBottom: 16 }} />
      ) : null}
      <Form<ComposeValues>
        form={form}
        layout="vertical"
        initialValues={{ message: '', personalized: false, when: 'now', scheduledAt: null }}
        disabled={mutation.isPending}
      >
        <Flex vertical gap={16} style={{ maxWidth: 920 }}>
          <Card title="To" size="small">
            <div data-dest-error={destError ? '' : undefined}>
              <DestinationPicker
                channel={channel}
                value={destinations}
                onChange={(d) => {
                  setDestinations(d);
                  setDestError(null);
                }}
                error={destError}
                allCount={counts.all}
              />
            </div>
          </Card>

          <Card title="Message" size="small">
            {sms ? (
              <Form.Item
                name="sender"
                label="Sender ID"
                rules={[{ required: true, message: 'Choose a sender ID' }]}
                extra="Only approved sender IDs can send."
              >
                <SenderIdPicker approvedOnly />
              </Form.Item>
            ) : (
              <Form.Item
                name="subject"
                label="Subject"
                rules={[
                  { required: true, whitespace: true, message: 'Enter a subject' },
                  { max: 300, message: 'Use at most 300 characters for the subject' },
                ]}
              >
                <Input maxLength={300} autoComplete="off" />
              </Form.Item>
            )}
            <Form.Item
              name="message"
              label="Message"
              rules={[{ required: true, whitespace: true, message: 'Enter the message' }]}
              extra={sms ? undefined : 'Blank lines start a new paragraph; web addresses become links.'}
            >
              <Input.TextArea ref={textRef} autoSize={{ minRows: sms ? 4 : 8, maxRows: 20 }} />
            </Form.Item>
            <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
              <MergeFieldButtons onInsert={insert} disabled={mutation.isPending} />
              <Flex gap={8} align="center">
                <Form.Item name="personalized" valuePropName="checked" noStyle>
                  <Switch id="compose-personalise" />
                </Form.Item>
                <label htmlFor="compose-personalise">Personalise</label>
              </Flex>
            </Flex>
            {!personalized && hasMergeFields(message) ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title="Turn on Personalise, or the merge fields are sent as typed"
              />
            ) : null}
            {sms ? (
              <SmsCounter
                text={message}
                personalized={personalized}
                churchName={user.churchName}
                recipients={groups.isError ? { count: null, atMost: false } : estimate}
                units={units.data ?? null}
              />
            ) : (
              <EmailPreview
                subject={subject}
                html={emailHtml(message)}
                personalized={personalized}
                churchName={user.churchName}
              />
            )}
          </Card>

          <Card title="When" size="small">
            <Form.Item name="when" label="Send" style={{ marginBottom: when === 'later' ? 12 : 0 }}>
              <Radio.Group
                options={[
                  { value: 'now', label: 'Send now' },
                  { value: 'later', label: 'Schedule for later' },
                ]}
              />
            </Form.Item>
            {when === 'later' ? (
              <Form.Item
                name="scheduledAt"
                label="Date and time"
                rules={[
                  { required: true, message: 'Choose when to send it' },
                  {
                    validator: async (_r, v: Dayjs | null) => {
                      if (v && !v.isAfter(dayjs())) throw new Error('Choose a time in the future');
                    },
                  },
                ]}
                style={{ marginBottom: 0 }}
              >
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="MM/DD/YYYY HH:mm"
                  disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                  style={{ width: 240, maxWidth: '100%' }}
                />
              </Form.Item>
            ) : null}
          </Card>

          {formError ? <Alert type="error" showIcon title={formError} role="alert" /> : null}
          <Flex gap={8} wrap>
            <Button
              type="primary"
              // not a submit button: Enter in the subject or a date never sends a message by accident
              onClick={() => void submit(false)}
              loading={mutation.isPending && !mutation.variables?.draft}
            >
              {when === 'later' ? 'Schedule' : 'Send now'}
            </Button>
            <Button onClick={() => void submit(true)} loading={mutation.isPending && mutation.variables?.draft}>
              Save draft
            </Button>
          </Flex>
        </Flex>
      </Form>
    </>
  );
}
