import { DeleteOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { MESSAGES, TOAST_SECONDS } from '@steward/contracts/messages';
import {
  SENDER_ID_PATTERN,
  SENDER_ID_RULE_MESSAGE,
  SENDER_ID_STATUS,
  senderIdRequestToast,
  senderIdStatusLabel,
  type TSenderId,
} from '@steward/contracts/sender-ids';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { HttpError, NetworkError, serverMessageOf } from '../../api/http.ts';
import { deleteSenderId, getSenderIds, messagingSettingsKeys, requestSenderId } from '../../api/messaging-settings.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { useToast } from '../../components/use-toast.ts';

/** The colour of a status tag: approved green, pending gold, processing blue, not approved red. */
function statusColor(status: number): string {
  if (status === SENDER_ID_STATUS.approved) return 'green';
  if (status === SENDER_ID_STATUS.pending) return 'gold';
  if (status === SENDER_ID_STATUS.processing) return 'blue';
  return 'red';
}

/** Pending, processing or approved: a sender ID that can be kept for sending (refused ones cannot). */
export const isUsable = (status: number) =>
  status === SENDER_ID_STATUS.pending || status === SENDER_ID_STATUS.processing || status === SENDER_ID_STATUS.approved;

/** A sender ID's status as a small tag (PENDING, PROCESSING, APPROVED, NOT APPROVED). */
export function SenderIdStatusTag({ status }: { status: number }) {
  return (
    <Tag color={statusColor(status)} style={{ marginInlineEnd: 0 }}>
      {senderIdStatusLabel(status)}
    </Tag>
  );
}

/** The church's sender IDs (GET /api/Messaging/RetrieveTenantSenderIDs), shared by every picker. */
export function useSenderIds() {
  return useQuery({ queryKey: messagingSettingsKeys.senderIds(), queryFn: getSenderIds });
}

interface RequestModalProps {
  open: boolean;
  onClose: () => void;
  /** the requested mask, once the list has been reloaded */
  onRequested: (mask: string) => void;
}

/**
 * The 'Request Sender ID' modal (finance spec 2.7, §4, §5, §8): input 'Enter sender id', checked
 * on blur and on submit (3-11 letters or digits, the spec's message), Cancel and Request. After a
 * request: the toast of the answer's numeric status (6 s), the list reloaded, the mask handed to
 * `onRequested`, the form cleared and the modal closed. A refusal (a mask the church already
 * has) shows under the input.
 */
export function RequestSenderIdModal({ open, onClose, onRequested }: RequestModalProps) {
  const [form] = Form.useForm<{ mask: string }>();
  const toast = useToast();
  const queryClient = useQueryClient();
  // checked on blur first; once an error shows, also as the user corrects it
  const [touched, setTouched] = useState(false);

  const close = () => {
    form.resetFields();
    setTouched(false);
    onClose();
  };

  const mutation = useMutation({
    mutationFn: (mask: string) => requestSenderId(mask),
    onSuccess: async (answer) => {
      const { kind, text } = senderIdRequestToast(answer.status);
      toast[kind](text, TOAST_SECONDS.senderId);
      await queryClient.invalidateQueries({ queryKey: messagingSettingsKeys.senderIds() });
      onRequested(answer.returnObject.mask);
      close();
    },
    onError: (err) => {
      const mine = err instanceof HttpError ? err.fieldErrors.find((e) => e.field === 'mask') : undefined;
      if (mine) {
        setTouched(true);
        form.setFields([{ name: 'mask', errors: [mine.message] }]);
        return;
      }
      toast.error(err instanceof NetworkError ? MESSAGES.networkDisrupted : 'The sender ID could not be requested');
    },
  });

  const submit = async () => {
    setTouched(true);
    const values = await form.validateFields().catch(() => null);
    if (values) mutation.mutate(values.mask.trim());
  };

  return (
    <Modal
      title="Request Sender ID"
      open={open}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close}>
          Cancel
        </Button>,
        <Button key="request" type="primary" loading={mutation.isPending} onClick={() => void submit()}>
          Request
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        The name your members see as the sender of your SMS: 3 to 11 letters or digits. It can send once it is approved.
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          name="mask"
          label="Sender ID"
          validateTrigger={touched ? ['onBlur', 'onChange'] : ['onBlur']}
          rules={[
            { required: true, whitespace: true, message: SENDER_ID_RULE_MESSAGE },
            {
              validator: async (_rule, value: unknown) => {
                const text = typeof value === 'string' ? value.trim() : '';
                if (text && !SENDER_ID_PATTERN.test(text)) throw new Error(SENDER_ID_RULE_MESSAGE);
              },
            },
          ]}
        >
          {/* Enter submits the form (onFinish), like the Request button */}
          <Input placeholder="Enter sender id" autoComplete="off" onBlur={() => setTouched(true)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ManageModalProps {
  open: boolean;
  onClose: () => void;
  /** after a sender ID is deleted (the list already reloaded), with its mask */
  onDeleted: (mask: string) => void;
}

/**
 * 'Sender IDs' (finance spec 2.7; existing-client-api §2.7 DeleteSenderID): the church's sender
 * IDs with their status and the operator's note, each with a Delete button. A delete asks first
 * (spec §5: 'Confirm delete', 'Are you sure you want to Delete?', OK and Cancel; Cancel says
 * 'Delete canceled'); once done, the server's answer as a success toast, the list reloaded and
 * `onDeleted` told. A button per sender ID: usable from the keyboard.
 */
export function ManageSenderIdsModal({ open, onClose, onDeleted }: ManageModalProps) {
  const senderIds = useSenderIds();
  const list: TSenderId[] = senderIds.data ?? [];
  const confirmDelete = useConfirmDelete();
  const toast = useToast();
  const queryClient = useQueryClient();

  const remove = useMutation({
    mutationFn: (s: TSenderId) => deleteSenderId(s.id),
    onSuccess: async (answer, s) => {
      toast.success(answer.response || 'Sender ID deleted');
      await queryClient.invalidateQueries({ queryKey: messagingSettingsKeys.senderIds() });
      onDeleted(s.mask);
    },
    onError: async (err) => {
      toast.error(
        err instanceof NetworkError
          ? MESSAGES.networkDisrupted
          : (serverMessageOf(err) ?? 'The sender ID could not be deleted'),
      );
      // gone already (deleted elsewhere): show the list as it is
      if (err instanceof HttpError && err.status === 404)
        await queryClient.invalidateQueries({ queryKey: messagingSettingsKeys.senderIds() });
    },
  });

  const askDelete = (s: TSenderId) =>
    confirmDelete({
      text: MESSAGES.settingsDeleteConfirm,
      cancelMessage: MESSAGES.deleteCanceled,
      onConfirm: () => remove.mutateAsync(s),
    });

  return (
    <Modal
      title="Sender IDs"
      open={open}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {senderIds.isError ? (
        <Typography.Text type="danger">The sender IDs could not be loaded</Typography.Text>
      ) : list.length === 0 ? (
        <Typography.Text type="secondary">{senderIds.isPending ? 'Loading…' : 'No sender ID yet'}</Typography.Text>
      ) : (
        <ul aria-label="Your sender IDs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.map((s) => (
            <li key={s.id} style={{ borderBottom: '1px solid #f0f0f0', padding: '8px 0' }}>
              <Flex align="center" gap={8} wrap>
                <Flex vertical style={{ flex: '1 1 160px', minWidth: 0 }}>
                  <Flex align="center" gap={8} wrap>
                    <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>
                      {s.mask}
                    </Typography.Text>
                    <SenderIdStatusTag status={s.status} />
                  </Flex>
                  {s.reviewNote ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {s.reviewNote}
                    </Typography.Text>
                  ) : null}
                </Flex>
                <Button
                  danger
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Delete ${s.mask}`}
                  loading={remove.isPending && remove.variables.id === s.id}
                  onClick={() => askDelete(s)}
                >
                  Delete
                </Button>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}

interface SenderIdPickerProps {
  value?: string | undefined;
  onChange?: (mask: string | undefined) => void;
  /** the select's id, so a Form.Item label points at it */
  id?: string;
  /** accessible name when no label points at it */
  'aria-label'?: string;
  /** only approved sender IDs can be chosen (sending); the others are listed, greyed out */
  approvedOnly?: boolean;
  disabled?: boolean;
}

/**
 * The sender ID picker (finance spec 2.7): a searchable select of the church's sender IDs with
 * their status, and a 'Request Sender ID' button opening the request modal. Controlled
 * (`value`/`onChange`, the mask), so an antd Form.Item can hold it (default messages' Subject,
 * the SMS compose page). Only approved sender IDs send: a chosen one that is not approved is
 * flagged under the select. Refused ones are listed greyed out; with `approvedOnly`, so are those
 * still under review. 'Manage' lists them with a Delete each (ManageSenderIdsModal); deleting the
 * chosen one clears the choice.
 */
export function SenderIdPicker({ value, onChange, id, approvedOnly, disabled, ...rest }: SenderIdPickerProps) {
  const senderIds = useSenderIds();
  const [requesting, setRequesting] = useState(false);
  const [managing, setManaging] = useState(false);
  const list: TSenderId[] = senderIds.data ?? [];
  const chosen = list.find((s) => s.mask.toLowerCase() === (value ?? '').toLowerCase());
  // a mask kept by a saved message but no longer a sender ID of the church is still shown
  const options = [
    ...(value && !chosen ? [{ value, label: value, title: value, status: -1 }] : []),
    ...list.map((s) => ({
      value: s.mask,
      label: s.mask,
      title: s.mask,
      status: s.status,
      // a refused sender ID can never send; with approvedOnly, neither can one still under review
      disabled: approvedOnly ? s.status !== SENDER_ID_STATUS.approved : !isUsable(s.status),
    })),
  ];

  return (
    <>
      <Flex gap={8} wrap>
        <Select
          id={id}
          aria-label={rest['aria-label']}
          style={{ flex: '1 1 200px', minWidth: 0 }}
          value={value ?? null}
          onChange={(v: string | null | undefined) => onChange?.(v ?? undefined)}
          allowClear
          disabled={disabled}
          placeholder="Select a sender ID"
          loading={senderIds.isPending}
          showSearch={{ optionFilterProp: 'label' }}
          options={options}
          optionRender={(option) => (
            <Flex justify="space-between" align="center" gap={8}>
              <span>{option.data.label}</span>
              {option.data.status >= 0 ? <SenderIdStatusTag status={option.data.status} /> : null}
            </Flex>
          )}
          notFoundContent={
            senderIds.isError
              ? 'The sender IDs could not be loaded'
              : list.length === 0
                ? 'No sender ID yet: request one'
                : 'No sender ID matches'
          }
        />
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => setRequesting(true)} disabled={disabled}>
          Request Sender ID
        </Button>
        <Button
          icon={<SettingOutlined aria-hidden />}
          onClick={() => setManaging(true)}
          disabled={disabled || list.length === 0}
          aria-label="Manage sender IDs"
          title="Manage sender IDs"
        >
          Manage
        </Button>
      </Flex>
      {chosen && chosen.status !== SENDER_ID_STATUS.approved ? (
        <Typography.Text type="warning" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
          {chosen.mask} is {senderIdStatusLabel(chosen.status).toLowerCase()}: SMS can be sent from it once it is
          approved.
        </Typography.Text>
      ) : null}
      {value && !chosen && senderIds.isSuccess ? (
        <Typography.Text type="warning" style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
          {value} is no longer one of your sender IDs: choose another one.
        </Typography.Text>
      ) : null}
      <RequestSenderIdModal
        open={requesting}
        onClose={() => setRequesting(false)}
        onRequested={(mask) => onChange?.(mask)}
      />
      <ManageSenderIdsModal
        open={managing}
        onClose={() => setManaging(false)}
        onDeleted={(mask) => {
          if (value && value.toLowerCase() === mask.toLowerCase()) onChange?.(undefined);
        }}
      />
    </>
  );
}
