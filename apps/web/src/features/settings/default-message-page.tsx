import { ArrowLeftOutlined, FileUnknownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { HttpError, NetworkError } from '../../api/http.ts';
import { getDefaultMessage, messagingSettingsKeys } from '../../api/messaging-settings.ts';
import { NetworkErrorState, PlainResult } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { DefaultMessageForm } from './default-messages/default-message-form.tsx';
import { DEFAULT_MESSAGES_PATH } from './default-messages/links.ts';

/**
 * /tenant/settings/adddefaultmessage: creates a default message, or edits the one named by the
 * query messageId (giving spec 2.17, §4; existing-client-api §6.1). Loading, not found and
 * network-error states for the message being edited.
 */
export function DefaultMessagePage() {
  const [params] = useSearchParams();
  const messageId = params.get('messageId') ?? '';
  const navigate = useNavigate();
  const message = useQuery({
    queryKey: messagingSettingsKeys.defaultMessage(messageId),
    queryFn: () => getDefaultMessage(messageId),
    enabled: Boolean(messageId),
  });

  const header = (
    <PageHeader
      title={messageId ? 'Edit Default Message' : 'Add Default Message'}
      subtitle={
        <Link to={DEFAULT_MESSAGES_PATH}>
          <ArrowLeftOutlined aria-hidden /> Default Messages
        </Link>
      }
    />
  );
  const withHeader = (content: ReactNode) => (
    <>
      {header}
      {content}
    </>
  );

  if (!messageId) return withHeader(<DefaultMessageForm key="new" />);
  if (message.isPending) return withHeader(<PageSkeleton rows={5} />);
  if (message.isError) {
    if (message.error instanceof NetworkError)
      return withHeader(<NetworkErrorState onRetry={() => void message.refetch()} />);
    const missing =
      message.error instanceof HttpError && (message.error.status === 404 || message.error.status === 400);
    return withHeader(
      <PlainResult
        icon={<FileUnknownOutlined aria-hidden />}
        iconColor="#faad14"
        title={missing ? 'This default message does not exist' : 'The default message could not be loaded'}
        extra={<Button onClick={() => void navigate(DEFAULT_MESSAGES_PATH)}>Back to Default Messages</Button>}
      />,
    );
  }
  return withHeader(<DefaultMessageForm key={message.data.id} initial={message.data} />);
}
