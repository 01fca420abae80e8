import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { HttpError, NetworkError } from '../../api/http.ts';
import { getOfferingItem } from '../../api/offering-items.ts';
import { offeringItemKeys } from '../../api/query-keys.ts';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { OfferingItemForm } from './offering-item-form.tsx';
import type { ReactNode } from 'react';

const LIST_PATH = '/tenant/contributionCategory';

/** /tenant/offeringcategory (create) and /tenant/offeringcategory/:offId (edit), spec 2.5. */
export function OfferingItemPage() {
  const { offId } = useParams();
  const navigate = useNavigate();
  const item = useQuery({
    queryKey: offeringItemKeys.one(offId ?? ''),
    queryFn: () => getOfferingItem(offId ?? ''),
    enabled: Boolean(offId),
  });
  const back = () => void navigate(LIST_PATH);

  const header = (
    <PageHeader
      title={offId ? 'Edit Offering Item' : 'Add Offering Item'}
      subtitle={
        <Link to={LIST_PATH}>
          <ArrowLeftOutlined aria-hidden /> Offering Items
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

  if (offId && item.isPending) return withHeader(<PageSkeleton />);
  if (offId && item.isError) {
    if (item.error instanceof NetworkError)
      return withHeader(<NetworkErrorState onRetry={() => void item.refetch()} />);
    const notFound = item.error instanceof HttpError && item.error.status === 404;
    return (
      <>
        {header}
        <Result
          status={notFound ? '404' : 'error'}
          title={notFound ? 'This offering item does not exist' : 'The offering item could not be loaded'}
          extra={<Button onClick={back}>Back to Offering Items</Button>}
        />
      </>
    );
  }
  return (
    <>
      {header}
      <div style={{ maxWidth: 760 }}>
        <OfferingItemForm
          key={item.data?.id ?? 'new'}
          variant="page"
          {...(item.data ? { initial: item.data } : {})}
          onSaved={back}
          onClose={back}
        />
      </div>
    </>
  );
}
