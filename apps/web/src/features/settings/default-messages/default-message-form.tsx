import {
  DEFAULT_MESSAGE_TEXTS,
  MAX_MESSAGE_CHARS,
  MAX_SUBJECT_CHARS,
  MESSAGE_CATEGORIES,
  MESSAGE_TYPE,
  MESSAGE_TYPES,
  VOICE_FIELD,
  type TDefaultMessage,
} from '@steward/contracts/default-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { HttpError } from '../../../api/http.ts';
import { messagingSettingsKeys, saveDefaultMessage } from '../../../api/messaging-settings.ts';
import { useToast } from '../../../components/use-toast.ts';
import { SenderIdPicker } from '../../messaging/sender-id-picker.tsx';
import { DEFAULT_MESSAGES_PATH } from './links.ts';
import { VoiceUpload } from './voice-upload.tsx';

interface Values {
  category?: number;
  messageType?: number;
  subject?: string;
  message?: string;
  [VOICE_FIELD]?: File | null;
}

type FieldName = 'category' | 'messageType' | 'subject' | 'message' | typeof VOICE_FIELD;
const FIELDS: FieldName[] = ['category', 'messageType', 'subject', 'message', VOICE_FIELD];

const categoryOptions = MESSAGE_CATEGORIES.map((label, value) => ({ value, label }));
const typeOptions = MESSAGE_TYPES.map((label, value) => ({ value, label }));

/** The missing fields of `v` with what to say under each (giving spec §5). */
function missingFields(v: Values, hasSavedRecording: boolean): { name: FieldName; error: string }[] {
  const out: { name: FieldName; error: string }[] = [];
  if (v.category === undefined || v.category === null) out.push({ name: 'category', error: 'Choose a category' });
  if (v.messageType === undefined || v.messageType === null) out.push({ name: 'messageType', error: 'Choose a type' });
  else if (v.messageType === MESSAGE_TYPE.voice) {
    if (!v[VOICE_FIELD] && !hasSavedRecording) out.push({ name: VOICE_FIELD, error: 'Choose an audio file' });
  } else {
    if (!v.subject?.trim())
      out.push({
        name: 'subject',
        error: v.messageType === MESSAGE_TYPE.sms ? 'Choose a sender ID' : 'Enter a subject',
      });
    if (!v.message?.trim()) out.push({ name: 'message', error: 'Enter the message' });
  }
  return out;
}

/**
 * The Default Message form (giving spec 2.17, §4, §5, §8; existing-client-api §6.1): Category,
 * Type, Subject (Sms: the sender ID picker; Email: a text; Voice: an audio upload), Message
 * (hidden for Voice), Discard and Save. A missing field answers 'Kindly fill in all fields
 * before saving' and is marked; a save answers 'Default Message Created successfully' (or
 * 'Default Message Updated successfully') and returns to the list, a failure 'Failed' with the
 * server's reason under its field. `initial` makes it the edit form of that message.
 */
export function DefaultMessageForm({ initial }: { initial?: TDefaultMessage }) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const type = Form.useWatch('messageType', form);
  const savedRecording = initial?.messageType === MESSAGE_TYPE.voice ? initial.voiceUrl : null;
  const back = () => void navigate(DEFAULT_MESSAGES_PATH);

  const mutation = useMutation({
    mutationFn: saveDefaultMessage,
    onSuccess: async (saved) => {
      toast.success(initial ? DEFAULT_MESSAGE_TEXTS.updated : DEFAULT_MESSAGE_TEXTS.created);
      // the list shows the saved message at once (a new one first, as the server orders), then reloads
      queryClient.setQueryData<TDefaultMessage[]>(messagingSettingsKeys.defaultMessages(), (list) =>
        !list ? list : initial ? list.map((m) => (m.id === saved.id ? saved : m)) : [saved, ...list],
      );
      queryClient.setQueryData(messagingSettingsKeys.defaultMessage(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: messagingSettingsKeys.all });
      back();
    },
    onError: (err) => {
      toast.error(DEFAULT_MESSAGE_TEXTS.failed);
      if (err instanceof HttpError)
        form.setFields(
          err.fieldErrors
            .filter((e): e is { field: FieldName; message: string } => FIELDS.includes(e.field as FieldName))
            .map((e) => ({ name: e.field, errors: [e.message] })),
        );
    },
  });

  const save = () => {
    const v = form.getFieldsValue(true) as Values;
    const missing = missingFields(v, Boolean(savedRecording));
    if (missing.length > 0) {
      toast.warning(DEFAULT_MESSAGE_TEXTS.fillAllFields);
      form.setFields(missing.map((m) => ({ name: m.name, errors: [m.error] })));
      return;
    }
    const voice = v.messageType === MESSAGE_TYPE.voice;
    mutation.mutate({
      ...(initial ? { id: initial.id } : {}),
      category: v.category!,
      messageType: v.messageType!,
      subject: voice ? '' : (v.subject ?? '').trim(),
      message: voice ? '' : (v.message ?? '').trim(),
      voiceFile: voice ? (v[VOICE_FIELD] ?? null) : null,
    });
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      name={initial ? 'edit-default-message' : 'add-default-message'}
      style={{ maxWidth: 760 }}
      initialValues={
        initial
          ? {
              category: initial.category,
              messageType: initial.messageType,
              subject: initial.subject,
              message: initial.message,
              [VOICE_FIELD]: null,
            }
          : { [VOICE_FIELD]: null }
      }
      onValuesChange={(changed: Values) => {
        // a sender ID, a subject line and a recording are different things: a new type starts afresh
        if ('messageType' in changed) form.setFieldsValue({ subject: undefined, [VOICE_FIELD]: null });
        const touched = Object.keys(changed) as FieldName[];
        form.setFields(touched.map((name) => ({ name, errors: [] })));
      }}
      onFinish={save}
    >
      <Flex wrap style={{ columnGap: 16 }}>
        <Form.Item label="Category" name="category" style={{ flex: '1 1 240px' }}>
          <Select placeholder="Select a category" options={categoryOptions} />
        </Form.Item>
        <Form.Item label="Type" name="messageType" style={{ flex: '1 1 160px' }}>
          <Select placeholder="Select a type" options={typeOptions} />
        </Form.Item>
      </Flex>
      {type === MESSAGE_TYPE.sms ? (
        <Form.Item label="Subject" name="subject" extra="The sender ID your members see this SMS come from">
          <SenderIdPicker />
        </Form.Item>
      ) : null}
      {type === MESSAGE_TYPE.email ? (
        <Form.Item label="Subject" name="subject">
          <Input placeholder="Enter the e-mail's subject" maxLength={MAX_SUBJECT_CHARS} />
        </Form.Item>
      ) : null}
      {type === MESSAGE_TYPE.voice ? (
        <Form.Item
          label="Voice recording"
          name={VOICE_FIELD}
          extra="An audio file (MP3, WAV, OGG, M4A, AAC or AMR) of at most 10 MB"
        >
          <VoiceUpload currentUrl={savedRecording} />
        </Form.Item>
      ) : null}
      {type !== MESSAGE_TYPE.voice ? (
        <Form.Item label="Message" name="message">
          <Input.TextArea
            rows={type === MESSAGE_TYPE.email ? 8 : 5}
            placeholder="Type the message"
            maxLength={MAX_MESSAGE_CHARS}
            showCount
          />
        </Form.Item>
      ) : null}
      <Flex gap={8} justify="flex-end">
        <Button onClick={back}>Discard</Button>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}
