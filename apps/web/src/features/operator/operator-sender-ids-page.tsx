import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, TOAST_SECONDS } from '@steward/contracts/messages';
import {
  OPERATOR_PAGE_SIZE,
  OPERATOR_STATUS_FILTERS,
  REVIEW_NOTE_MAX,
  type TOperatorSenderId,
  type TOperatorStatusFilter,
} from '@steward/contracts/operator';
import { SENDER_ID_STATUS } from '@steward/contracts/sender-ids';
import { Alert, Button, Grid, Input, Modal, Segmented, Select, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { HttpError, NetworkError, serverMessageOf } from '../../api/http.ts';
import {
  getOperatorMe,
  getOperatorSenderIds,
  operatorKeys,
  operatorLogout,
  reviewSenderId,
} from '../../api/operator.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useToast } from '../../components/use-toast.ts';
import { OperatorShell } from './operator-shell.tsx';
import { ReviewCards, ReviewTable, type ReviewStatus } from './sender-id-review-views.tsx';

/** The filter's options, in the order a reviewer works through them. */
const FILTER_LABELS: Record<TOperatorStatusFilter, string> = {
  '0': 'Pending',
  '1': 'Processing',
  '2': 'Approved',
  '3': 'Not approved',
  all: 'All',
};

const EMPTY_TEXT: Record<TOperatorStatusFilter, string> = {
  '0': 'No sender ID request is waiting for review',
  '1': 'No sender ID is being processed',
  '2': 'No sender ID has been approved yet',
  '3': 'No sender ID has been refused',
  all: 'No church has requested a sender ID yet',
};

const isUnauthorized = (err: unknown) => err instanceof HttpError && err.status === 401;

/** The filter of the address bar (`?status=`; pending when absent or unknown) and its page. */
function useFilter() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') ?? '0';
  const status = (OPERATOR_STATUS_FILTERS as readonly string[]).includes(raw) ? (raw as TOperatorStatusFilter) : '0';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const set = (next: { status?: TOperatorStatusFilter; page?: number }) =>
    setParams({ status: next.status ?? status, page: String(next.page ?? 1) }, { replace: true });
  return { status, page, set };
}

/**
 * /operator (issue 9 'Sender IDs'): the platform operator's review of the churches' sender ID
 * requests. A status filter (Pending by default, kept in `?status=`), the table (Church, Sender
 * ID, Requested MM/DD/YYYY, Status tag, Note, Action: Approve, Processing, Reject, the current
 * status's button disabled; cards on phones), 50 rows a page, oldest first. Reject asks for an
 * optional note the church sees. Each review toasts the server's words for 6 s and refreshes the
 * list. Loading, empty (per filter) and error states; not signed in (or signed out meanwhile):
 * /operator/signin.
 */
export function OperatorSenderIdsPage() {
  const me = useQuery({ queryKey: operatorKeys.me(), queryFn: getOperatorMe, retry: false });
  if (me.isError && isUnauthorized(me.error)) return <Navigate to="/operator/signin" replace />;
  return (
    <OperatorShell actions={me.data ? <SignedIn email={me.data.email} /> : null}>
      {me.isError ? (
        me.error instanceof NetworkError ? (
          <NetworkErrorState onRetry={() => void me.refetch()} />
        ) : (
          <Alert type="error" showIcon message={me.error.message} />
        )
      ) : (
        <Review />
      )}
    </OperatorShell>
  );
}

function SignedIn({ email }: { email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screens = Grid.useBreakpoint();
  const signOut = useMutation({
    mutationFn: operatorLogout,
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: operatorKeys.all });
      await navigate('/operator/signin', { replace: true });
    },
  });
  return (
    <>
      {screens.sm ? (
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
          {email}
        </Typography.Text>
      ) : null}
      <Button onClick={() => signOut.mutate()} loading={signOut.isPending}>
        Sign out
      </Button>
    </>
  );
}

function Review() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const screens = Grid.useBreakpoint();
  const { status, page, set } = useFilter();
  const [rejecting, setRejecting] = useState<TOperatorSenderId | null>(null);
  const [note, setNote] = useState('');

  const list = useQuery({
    queryKey: operatorKeys.senderIdPage(status, page),
    queryFn: () => getOperatorSenderIds(status, page),
    placeholderData: keepPreviousData,
  });

  const review = useMutation({
    mutationFn: (v: { row: TOperatorSenderId; status: ReviewStatus; note: string | null }) =>
      reviewSenderId(v.row, v.status, v.note),
    onSuccess: async (answer) => {
      toast.success(answer.response, TOAST_SECONDS.senderId);
      setRejecting(null);
      await queryClient.invalidateQueries({ queryKey: operatorKeys.senderIds() });
    },
    onError: (err) => {
      if (isUnauthorized(err)) return void navigate('/operator/signin', { replace: true });
      if (err instanceof NetworkError) return toast.error(MESSAGES.networkDisrupted, TOAST_SECONDS.senderId);
      toast.error(serverMessageOf(err) ?? 'The review was not saved, please try again', TOAST_SECONDS.senderId);
    },
  });

  if (list.isError && isUnauthorized(list.error)) return <Navigate to="/operator/signin" replace />;

  const act = (row: TOperatorSenderId, next: ReviewStatus) => {
    if (next === SENDER_ID_STATUS.notApproved) {
      setNote('');
      setRejecting(row);
      return;
    }
    review.mutate({ row, status: next, note: null });
  };
  const Views = screens.md ? ReviewTable : ReviewCards;
  const filterOptions = OPERATOR_STATUS_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }));
  const filter = screens.md ? (
    <Segmented<TOperatorStatusFilter>
      aria-label="Status"
      options={filterOptions}
      value={status}
      onChange={(value) => set({ status: value })}
    />
  ) : (
    <Select<TOperatorStatusFilter>
      aria-label="Status"
      options={filterOptions}
      value={status}
      onChange={(value) => set({ status: value })}
      style={{ width: '100%' }}
    />
  );

  return (
    <>
      <PageHeader
        title="Sender ID requests"
        subtitle="Churches send SMS only from an approved sender ID. Review each request against the church's name."
      />
      <div style={{ marginBottom: 16 }}>{filter}</div>
      {list.isError && !list.data ? (
        list.error instanceof NetworkError ? (
          <NetworkErrorState onRetry={() => void list.refetch()} />
        ) : (
          <Alert
            type="error"
            showIcon
            message="The sender ID requests could not be loaded"
            description={list.error.message}
            action={<Button onClick={() => void list.refetch()}>Try again</Button>}
          />
        )
      ) : (
        <Views
          rows={list.data?.data ?? []}
          loading={list.isFetching}
          empty={list.isPending ? null : <EmptyState description={EMPTY_TEXT[status]} />}
          saving={review.isPending ? { id: review.variables.row.id, status: review.variables.status } : null}
          onReview={act}
          pagination={{
            current: page,
            pageSize: OPERATOR_PAGE_SIZE,
            total: list.data?.totalItems ?? 0,
            onChange: (next) => set({ page: next }),
          }}
        />
      )}
      <Modal
        open={rejecting !== null}
        title={rejecting ? `Reject sender ID ${rejecting.mask}` : 'Reject sender ID'}
        okText="Reject"
        okButtonProps={{ danger: true, loading: review.isPending }}
        onOk={() => rejecting && review.mutate({ row: rejecting, status: 3, note: note.trim() || null })}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {rejecting?.churchName} will see the sender ID as NOT APPROVED, with your note if you write one.
        </Typography.Paragraph>
        <label htmlFor="operator-reject-note">Note to the church (optional)</label>
        <Input.TextArea
          id="operator-reject-note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={REVIEW_NOTE_MAX}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder="For example: the sender ID must match your church's registered name"
          style={{ marginTop: 8 }}
        />
      </Modal>
    </>
  );
}
