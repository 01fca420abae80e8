import type { TPaymentListItem } from '@steward/contracts/donations';
import { GIVING_MESSAGES } from '@steward/contracts/giving';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { donationKeys, getPayments, recheckPayment } from '../../api/donations.ts';
import { isNetworkError, serverMessageOf } from '../../api/http.ts';
import { formatDate } from '../../components/dates.ts';
import { MoneyText } from '../../components/money-text.tsx';
import { useToast } from '../../components/use-toast.ts';

/** 'n payments' / '1 payment'. */
const payments = (n: number) => `${n} payment${n === 1 ? '' : 's'}`;

/** One flagged payment: who, when, how much, why, and 'Check again'. */
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
        <Button size="small" loading={recheck.isPending} onClick={() => recheck.mutate()}>
          Check again
        </Button>
      </Flex>
    </li>
  );
}

/**
 * The donation screens' notice of payments that need the administrator (issue 10: an amount or
 * currency that does not match what was initialised is not posted and is flagged): shown only
 * when there are flagged payments, with the list (donor, amount, provider, date, items,
 * reference, reason) and 'Check again', which asks the provider now. Nothing when there are none
 * or when the list cannot be loaded (the page's own states speak for the connection).
 */
export function PaymentsAttention() {
  const [open, setOpen] = useState(false);
  const flagged = useQuery({ queryKey: donationKeys.payments('flagged', 1), queryFn: () => getPayments('flagged') });
  const total = flagged.data?.totalItems ?? 0;
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
          <div>
            The provider reported a different amount or currency than the giver chose, so{' '}
            {total === 1 ? 'it was' : 'they were'} not added to your books. Check {total === 1 ? 'it' : 'them'} with the
            provider.
          </div>
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
