import { ArrowLeftOutlined } from '@ant-design/icons';
import { GIVING_MESSAGES } from '@steward/contracts/giving';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { getPaymentForm, givingKeys } from '../../api/giving.ts';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { useToast } from '../../components/use-toast.ts';
import { PAYMENT_FORMS_PATH } from './giving-links.ts';
import { GIVING_TEXTS } from './giving-messages.ts';
import { PaymentFormEditor } from './payment-form-editor.tsx';

/**
 * /tenant/payments (create) and /tenant/payments/:editPayment (edit), route PaymentTransaction
 * (giving spec 2.2; existing-client-api §1.6). Edit loads the form through GetOne; a failed load
 * says 'Network Error, Please ensure you have a strong internet connection' (spec §8), a form not
 * the church's that it does not exist.
 */
export function PaymentFormPage() {
  const { editPayment } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const loaded = useQuery({
    queryKey: givingKeys.form(editPayment ?? ''),
    queryFn: () => getPaymentForm(editPayment ?? ''),
    enabled: Boolean(editPayment),
    // the editor starts from the saved form: never from a copy another screen may change under it
    staleTime: 0,
  });
  const failedToLoad = Boolean(editPayment) && loaded.isError && isNetworkError(loaded.error);
  useEffect(() => {
    if (failedToLoad) toast.error(GIVING_MESSAGES.editLoadFailed);
  }, [failedToLoad, toast]);

  const header = (
    <PageHeader
      title={editPayment ? 'Edit Payment Form' : 'Payment Form'}
      subtitle={
        <Link to={PAYMENT_FORMS_PATH}>
          <ArrowLeftOutlined aria-hidden /> Payment Forms
        </Link>
      }
    />
  );
  let body: ReactNode;
  if (!editPayment) body = <PaymentFormEditor key="new" />;
  else if (loaded.isPending) body = <PageSkeleton rows={10} />;
  else if (loaded.isError) {
    const notFound = loaded.error instanceof HttpError && [400, 404].includes(loaded.error.status);
    body = isNetworkError(loaded.error) ? (
      <NetworkErrorState onRetry={() => void loaded.refetch()} />
    ) : (
      <EmptyState description={notFound ? GIVING_TEXTS.formNotFound : GIVING_TEXTS.formLoadFailed}>
        <Button onClick={() => void navigate(PAYMENT_FORMS_PATH)}>Back to Payment Forms</Button>
      </EmptyState>
    );
  } else body = <PaymentFormEditor key={loaded.data.id} initial={loaded.data} />;
  return (
    <>
      {header}
      {body}
    </>
  );
}
