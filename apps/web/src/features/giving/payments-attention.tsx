import type { TPaymentListItem } from '@steward/contracts/donations';
import { GIVING_MESSAGES } from '@steward/contracts/giving';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { donationKeys, getPayments, recheckPayment } from '../../api/donations.ts';
import { isNetworkError, serverMessageOf } from '../../api/http.ts';
import { formatDate } from '../../components/dates.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { useToast } from '../../components/use-toast.ts';

/** 'n payments' / '1 payment'. */
const payments = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

/** The tag of a flagged payment's refund (issue 12), by `refundStatus`. */
const REFUND_TAG: Record<NonNullable<TPaymentListItem['refundStatus']>, { label: string; color: string }> = {
  refunded: { label: 'Refunded', color: 'green' },
  pending: { label: 'Refund pending', color: 'blue' },
  failed: { label: 'Refund failed', color: 'red' },
};

/**
 * One flagged payment: who, when, how much, why, its refund's tag when it is being refunded, and
 * 'Check again' unless the refund is pending or done (asking the provider again changes nothing then).
 */
function FlaggedPayment({ p }: { p: TPaymentListItem }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const recheck = useMutation({
    mutationFn: () => recheckPayment(p.reference),
    onSuccess: (res) => toast.info(res.response),
    onError: (err) =>
      toast.error(isNetworkError(err) ? GIVING_MESSAGES.networkDisrupted : (serverMessageOf(err) ?? 'Not successful')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: donationKeys.all }),
  });
  const tag = p.refundStatus ? REFUND_TAG[p.refundStatus] : null;
  return (
    <li style={{ padding: '8px 0', borderTop: '1px solid rgba(0,0,0,0.06)' }}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ minWidth: 0 }}>
          <div>
            <strong>{p.donor}</strong> · <MoneyText amount={p.amount} currency={p.currencyName} /> ·{' '}
            {p.paymentGatewayName} · {formatDate(p.date)}
          </div>
          <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
            {`${p.items.map((i) => i.name).join(', ')} · ${p.reference}`}
          </Typography.Text>
          {p.reason ? <div style={{ fontSize: 13 }}>{p.reason}</div> : null}
        </div>
        <Flex gap={8} align="center" wrap>
          {tag ? (
            <Tag color={tag.color} style={{ marginInlineEnd: 0 }}>
              {tag.label}
            </Tag>
          ) : null}
          {p.refundStatus === 'refunded' || p.refundStatus === 'pending' ? null : (
            <Button size="small" loading={recheck.isPending} onClick={() => recheck.mutate()}>
              Check again
            </Button>
          )}
        </Flex>
      </Flex>
    </li>
  );
}

/**
 * The donation screens' notice of payments that need the administrator: flagged payments, not
 * posted (issue 10: an amount or currency that does not match what was initialised; issue 12: a
 * registration fee paid after the event filled, refunded by a job). Shown only while some need
 * attention (`needsAttention`: flagged and not refunded), counting only those; the list (donor,
 * amount, provider, date, items, reference, reason, refund tag) shows every flagged payment, with
 * 'Check again' (asks the provider now) where a refund is not pending or done. Nothing when none
 * needs attention or when the list cannot be loaded (the page's own states speak for the connection).
 */
export function PaymentsAttention() {
  const [open, setOpen] = useState(false);
  const flagged = useQuery({ queryKey: donationKeys.payments('flagged', 1), queryFn: () => getPayments('flagged') });
  const total = flagged.data?.needsAttention ?? 0;
  if (total === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="no-print"
      style={{ marginBottom: 16 }}
      title={`${payments(total)} need${total === 1 ? 's' : ''} your attention`}
      description={
        <>
          <div>These payments were not added to your books; the reason is shown with each.</div>
          {open ? (
            <ul aria-label="Payments that need attention" style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
              {flagged.data?.data.map((p) => (
                <FlaggedPayment key={p.id} p={p} />
              ))}
            </ul>
          ) : null}
        </>
      }
      action={
        <Button size="small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide' : 'Review'}
        </Button>
      }
    />
  );
}
