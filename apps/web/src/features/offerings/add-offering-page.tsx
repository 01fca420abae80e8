import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import dayjs from 'dayjs';
import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError, isNetworkError } from '../../api/http.ts';
import { getOffering } from '../../api/offerings.ts';
import { useCurrencies } from '../../api/queries.ts';
import { offeringKeys } from '../../api/query-keys.ts';
import { useTenantCurrency } from '../../app/current-user.ts';
import { toDayjs } from '../../components/dates.ts';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { OFFERINGS_PATH } from './offering-links.ts';
import { OfferingForm, type OfferingFormInitial } from './offering-form.tsx';
import { newRow, rowFromOne } from './offering-form-model.ts';

/** /tenant/addoffering (create) and /tenant/addoffering/:offId (edit one transaction), spec 2.3. */
export function AddOfferingPage() {
  const { offId } = useParams();
  const navigate = useNavigate();
  const tenantCurrency = useTenantCurrency();
  const currencies = useCurrencies();
  const one = useQuery({
    queryKey: offeringKeys.one(offId ?? ''),
    queryFn: () => getOffering(offId ?? ''),
    enabled: Boolean(offId),
  });

  const initial = useMemo<OfferingFormInitial | null>(() => {
    if (!currencies.data) return null;
    if (!offId) return { date: dayjs(), activityId: null, rows: [newRow(tenantCurrency.id)] };
    if (!one.data) return null;
    return {
      date: toDayjs(one.data.date) ?? dayjs(),
      activityId: one.data.activityID,
      rows: [rowFromOne(one.data)],
    };
  }, [currencies.data, offId, one.data, tenantCurrency.id]);

  const header = (
    <PageHeader
      title={offId ? 'Edit Offering' : 'Add Offering'}
      subtitle={
        <Link to={OFFERINGS_PATH}>
          <ArrowLeftOutlined aria-hidden /> Offerings
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

  const failed = currencies.isError ? currencies.error : offId && one.isError ? one.error : null;
  if (failed) {
    if (isNetworkError(failed))
      return withHeader(
        <NetworkErrorState
          onRetry={() => {
            void currencies.refetch();
            void one.refetch();
          }}
        />,
      );
    const notFound = failed instanceof HttpError && failed.status === 404;
    return (
      <>
        {header}
        <Result
          status={notFound ? '404' : 'error'}
          title={notFound ? 'This offering does not exist' : 'The offering could not be loaded'}
          extra={<Button onClick={() => void navigate(OFFERINGS_PATH)}>Back to Offerings</Button>}
        />
      </>
    );
  }
  if (!initial || !currencies.data) return withHeader(<PageSkeleton rows={8} />);
  return (
    <>
      {header}
      <OfferingForm
        key={offId ?? 'new'}
        initial={initial}
        editing={Boolean(offId)}
        currencies={currencies.data}
        tenantCurrency={tenantCurrency}
      />
    </>
  );
}
