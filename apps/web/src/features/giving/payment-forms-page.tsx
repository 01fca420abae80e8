import { PlusOutlined } from '@ant-design/icons';
import { GIVING_MESSAGES, type TPaymentFormListItem } from '@steward/contracts/giving';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Grid, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { getPaymentForms, givingKeys } from '../../api/giving.ts';
import { isNetworkError } from '../../api/http.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { editPaymentFormPath, NEW_PAYMENT_FORM_PATH, paymentOptionsPath } from './giving-links.ts';
import { GIVING_TEXTS } from './giving-messages.ts';
import { usePaymentFormDelete } from './use-payment-form-delete.ts';

/** The STATUS cell: a green 'Active' or a grey 'Inactive' tag. */
function StatusTag({ active }: { active: boolean }) {
  return <Tag color={active ? 'green' : 'default'}>{active ? 'Active' : 'Inactive'}</Tag>;
}

/**
 * /tenant/paymentforms: the Payment Forms list (giving spec 2.1). 'Add Payment Form' opens
 * /tenant/payments; the search box asks the server (GetAll?search=) on Enter or its button;
 * columns NAME, BANK, DATE (MM/DD/YYYY), STATUS, ACTION (View Details, Edit, Delete); a row
 * click or Enter opens the form for edit. Skeleton while loading, the spec's empty and network
 * states. On a phone each row shows the name with its bank and date under it.
 */
export function PaymentFormsPage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const deleteForm = usePaymentFormDelete();
  const wide = Grid.useBreakpoint().md ?? true;
  const forms = useQuery({
    queryKey: givingKeys.forms(applied),
    queryFn: () => getPaymentForms(applied),
    placeholderData: keepPreviousData,
  });

  const actions = (f: TPaymentFormListItem) => (
    <RowActions
      name={f.name}
      actions={[
        { key: 'view', label: 'View Details', onClick: () => void navigate(paymentOptionsPath(f.id)) },
        { key: 'edit', label: 'Edit', onClick: () => void navigate(editPaymentFormPath(f.id)) },
        { key: 'delete', label: 'Delete', danger: true, onClick: () => deleteForm(f.id) },
      ]}
    />
  );
  const columns: TableColumnsType<TPaymentFormListItem> = wide
    ? [
        { title: 'NAME', dataIndex: 'name', key: 'name' },
        { title: 'BANK', dataIndex: 'bank', key: 'bank', render: (b: string | null) => b ?? '—' },
        { title: 'DATE', dataIndex: 'date', key: 'date', render: (d: string) => formatDate(d) },
        { title: 'STATUS', key: 'status', render: (_, f) => <StatusTag active={f.isActive} /> },
        { title: 'ACTION', key: 'action', width: 90, render: (_, f) => actions(f) },
      ]
    : [
        {
          title: 'NAME',
          key: 'name',
          render: (_, f) => (
            <>
              <div style={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{f.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {`${f.bank ?? 'No bank'} · ${formatDate(f.date)}`}
              </Typography.Text>
            </>
          ),
        },
        { title: 'STATUS', key: 'status', width: 92, render: (_, f) => <StatusTag active={f.isActive} /> },
        {
          title: <span className="visually-hidden">ACTION</span>,
          key: 'action',
          width: 48,
          render: (_, f) => actions(f),
        },
      ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(NEW_PAYMENT_FORM_PATH)}>
      Add Payment Form
    </Button>
  );
  const header = <PageHeader title="Payment Forms" actions={addButton} />;
  const searchBar = (
    <Flex gap={8} wrap style={{ marginBottom: 12 }}>
      <SearchBox
        value={search}
        onChange={setSearch}
        onSearch={(v) => setApplied(v.trim())}
        placeholder="Search payment forms"
      />
    </Flex>
  );

  let body: ReactNode;
  if (forms.isPending) body = <PageSkeleton rows={6} />;
  else if (forms.isError && !forms.data)
    body = isNetworkError(forms.error) ? (
      <NetworkErrorState onRetry={() => void forms.refetch()} />
    ) : (
      <EmptyState description={GIVING_TEXTS.listLoadFailed}>
        <Button onClick={() => void forms.refetch()}>Try again</Button>
      </EmptyState>
    );
  else if (applied === '' && forms.data.length === 0)
    return (
      <>
        {header}
        <EmptyState description={GIVING_MESSAGES.listEmpty}>{addButton}</EmptyState>
      </>
    );
  else
    body = (
      <DataTable<TPaymentFormListItem>
        rowKey="id"
        columns={columns}
        dataSource={forms.data}
        loading={forms.isFetching && forms.isPlaceholderData}
        tableLayout={wide ? undefined : 'fixed'}
        scroll={wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: <EmptyState description={`No payment form matches '${applied}'`} /> }}
        onOpenRow={(f) => void navigate(editPaymentFormPath(f.id))}
        rowLabel={(f) => `Open ${f.name}`}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
      />
    );

  return (
    <>
      {header}
      {searchBar}
      {body}
    </>
  );
}
