import { PlusOutlined, SoundOutlined } from '@ant-design/icons';
import {
  DEFAULT_MESSAGE_TEXTS,
  MESSAGE_TYPE,
  categoryName,
  cutText,
  messageTypeName,
  type TDefaultMessage,
} from '@steward/contracts/default-messages';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Grid, Tooltip, Typography, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isNetworkError } from '../../api/http.ts';
import { deleteDefaultMessage, getDefaultMessages, messagingSettingsKeys } from '../../api/messaging-settings.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { useToast } from '../../components/use-toast.ts';
import { composePath, editDefaultMessagePath, NEW_DEFAULT_MESSAGE_PATH } from './default-messages/links.ts';

/**
 * A text as the list shows it (spec 2.9, §9): over 17 characters, its first 18 and an ellipsis,
 * the whole text in a tooltip; an empty one as a dash.
 */
function Cut({ text }: { text: string }) {
  if (!text) return <Typography.Text type="secondary">—</Typography.Text>;
  const shown = cutText(text);
  return shown.cut ? (
    <Tooltip title={text}>
      <span tabIndex={0} aria-label={text}>
        {shown.text}
      </span>
    </Tooltip>
  ) : (
    <span>{text}</span>
  );
}

/** The Message cell: the cut text, or for a Voice message a note that it is a recording. */
function MessageCell({ message }: { message: TDefaultMessage }) {
  if (message.messageType === MESSAGE_TYPE.voice)
    return (
      <Typography.Text type="secondary">
        <SoundOutlined aria-hidden /> Voice recording
      </Typography.Text>
    );
  return <Cut text={message.message} />;
}

/**
 * /tenant/settings/defaultmessage: the Default Message list (finance spec 2.9, §8, §9;
 * existing-client-api §2.8). Link 'Add Default Message'; columns Message, Subject, Category,
 * Type (texts over 17 characters cut to 18 with an ellipsis and a tooltip); row menu Send SMS
 * and Send Email (the compose page with ?defaultId=), Edit (also a click on the row) and Delete
 * ('Confirm delete'; 'Delete canceled' or 'Message Deleted Successfully'). On a phone the
 * Subject, Category and Type fold under the message, so the table never scrolls sideways.
 */
export function DefaultMessagesPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;
  const messages = useQuery({ queryKey: messagingSettingsKeys.defaultMessages(), queryFn: getDefaultMessages });

  const remove = useMutation({
    mutationFn: deleteDefaultMessage,
    onSuccess: async (_res, id) => {
      queryClient.setQueryData<TDefaultMessage[]>(messagingSettingsKeys.defaultMessages(), (list) =>
        list?.filter((m) => m.id !== id),
      );
      toast.success(DEFAULT_MESSAGE_TEXTS.deleted);
      await queryClient.invalidateQueries({ queryKey: messagingSettingsKeys.all });
    },
    onError: (err) => toast.error(isNetworkError(err) ? MESSAGES.networkDisrupted : 'Delete Failed'),
  });

  const edit = (m: TDefaultMessage) => void navigate(editDefaultMessagePath(m.id));
  const label = (m: TDefaultMessage) =>
    `${categoryName(m.category)} ${messageTypeName(m.messageType)} message${m.subject ? ` ${m.subject}` : ''}`;

  const actionColumn: TableColumnsType<TDefaultMessage>[number] = {
    title: <span className="visually-hidden">Actions</span>,
    key: 'action',
    width: 56,
    render: (_, m) => (
      <RowActions
        name={label(m)}
        actions={[
          { key: 'sms', label: 'Send SMS', onClick: () => void navigate(composePath(m.id)) },
          { key: 'email', label: 'Send Email', onClick: () => void navigate(composePath(m.id)) },
          { key: 'edit', label: 'Edit', onClick: () => edit(m) },
          {
            key: 'delete',
            label: 'Delete',
            danger: true,
            onClick: () =>
              confirmDelete({ cancelMessage: MESSAGES.deleteCanceled, onConfirm: () => remove.mutateAsync(m.id) }),
          },
        ]}
      />
    ),
  };
  const wideColumns: TableColumnsType<TDefaultMessage> = [
    { title: 'Message', key: 'message', render: (_, m) => <MessageCell message={m} /> },
    { title: 'Subject', key: 'subject', render: (_, m) => <Cut text={m.subject} /> },
    { title: 'Category', key: 'category', render: (_, m) => categoryName(m.category) },
    { title: 'Type', key: 'type', render: (_, m) => messageTypeName(m.messageType) },
    actionColumn,
  ];
  const phoneColumns: TableColumnsType<TDefaultMessage> = [
    {
      title: 'Message',
      key: 'message',
      render: (_, m) => (
        <div style={{ minWidth: 0 }}>
          <MessageCell message={m} />
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {[m.subject ? cutText(m.subject).text : '', categoryName(m.category), messageTypeName(m.messageType)]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </div>
      ),
    },
    actionColumn,
  ];

  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden />}
      href={NEW_DEFAULT_MESSAGE_PATH}
      onClick={(e) => {
        e.preventDefault();
        void navigate(NEW_DEFAULT_MESSAGE_PATH);
      }}
    >
      Add Default Message
    </Button>
  );
  const header = (
    <PageHeader
      title="Default Messages"
      subtitle="Birthday wishes, welcome notes and other messages ready to send by SMS, e-mail or voice"
      actions={addButton}
    />
  );
  const withHeader = (content: ReactNode) => (
    <>
      {header}
      {content}
    </>
  );

  if (messages.isPending) return withHeader(<PageSkeleton />);
  if (messages.isError)
    return withHeader(
      isNetworkError(messages.error) ? (
        <NetworkErrorState onRetry={() => void messages.refetch()} />
      ) : (
        <EmptyState description="The default messages could not be loaded.">
          <Button onClick={() => void messages.refetch()}>Try again</Button>
        </EmptyState>
      ),
    );
  if (messages.data.length === 0)
    return withHeader(<EmptyState description={DEFAULT_MESSAGE_TEXTS.empty}>{addButton}</EmptyState>);

  return withHeader(
    <DataTable<TDefaultMessage>
      rowKey="id"
      columns={wide ? wideColumns : phoneColumns}
      dataSource={messages.data}
      {...(wide ? {} : { scroll: {} })}
      onOpenRow={edit}
      rowLabel={(m) => `Edit ${label(m)}`}
      pagination={messages.data.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
    />,
  );
}
