import { FilterOutlined, PlusOutlined } from '@ant-design/icons';
import type { TContributionItem } from '@steward/contracts/offerings';
import { MESSAGES } from '@steward/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Input, type TableColumnsType } from 'antd';
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { isNetworkError, serverMessageOf } from '../../api/http.ts';
import { deleteOfferingItem } from '../../api/offering-items.ts';
import { useOfferingItems } from '../../api/queries.ts';
import { offeringItemKeys } from '../../api/query-keys.ts';
import { useConfirmDelete } from '../../components/confirm-delete.ts';
import { DataTable } from '../../components/data-table.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { FilterField, FilterPanel } from '../../components/filter-panel.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useToast } from '../../components/use-toast.ts';

/** The offering-item list is paged at 100 a page (spec §9). */
const PAGE_SIZE = 100;

interface ItemFilter {
  name: string;
  cash: string;
  income: string;
}
const NO_FILTER: ItemFilter = { name: '', cash: '', income: '' };

function includes(text: string, part: string): boolean {
  return text.toLowerCase().includes(part.trim().toLowerCase());
}

/** /tenant/contributionCategory: the offering items (spec 2.4). */
export function OfferingItemsPage() {
  const navigate = useNavigate();
  const toast = useToast();
  const confirmDelete = useConfirmDelete();
  const queryClient = useQueryClient();
  const items = useOfferingItems();
  const [search, setSearch] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [draft, setDraft] = useState<ItemFilter>(NO_FILTER);
  const [filter, setFilter] = useState<ItemFilter>(NO_FILTER);
  const [selected, setSelected] = useState<Key[]>([]);
  const [page, setPage] = useState(1);

  const remove = useMutation({
    mutationFn: deleteOfferingItem,
    onSuccess: (res) => {
      if (res.status) toast.success(res.response);
      else toast.warning(res.response);
      void queryClient.invalidateQueries({ queryKey: offeringItemKeys.all });
    },
    onError: (err) =>
      toast.error(isNetworkError(err) ? MESSAGES.networkDisrupted : (serverMessageOf(err) ?? 'Delete Failed')),
  });

  const rows = useMemo(
    () =>
      (items.data ?? []).filter(
        (i) =>
          includes(i.name, search) &&
          includes(i.name, filter.name) &&
          includes(i.cashBankAccount, filter.cash) &&
          includes(i.incomeAccount, filter.income),
      ),
    [items.data, search, filter],
  );

  const open = (id: string) => void navigate(`/tenant/offeringcategory/${id}`);
  const columns: TableColumnsType<TContributionItem> = [
    { title: 'NAME', dataIndex: 'name', key: 'name' },
    { title: 'CASH ACCOUNT', dataIndex: 'cashBankAccount', key: 'cash' },
    { title: 'INCOME ACCOUNT', dataIndex: 'incomeAccount', key: 'income' },
    {
      title: 'ACTION',
      key: 'action',
      width: 90,
      render: (_, item) => (
        <RowActions
          name={item.name}
          actions={[
            { key: 'edit', label: 'Edit', onClick: () => open(item.id) },
            {
              key: 'delete',
              label: 'Delete',
              danger: true,
              onClick: () =>
                confirmDelete({ cancelMessage: MESSAGES.deleteCanceled, onConfirm: () => remove.mutateAsync(item.id) }),
            },
          ]}
        />
      ),
    },
  ];

  const addButton = (
    <Button
      type="primary"
      icon={<PlusOutlined aria-hidden />}
      onClick={() => void navigate('/tenant/offeringcategory')}
    >
      Add Offering Category
    </Button>
  );
  const header = <PageHeader title="Offering Items" actions={addButton} />;
  const withHeader = (content: ReactNode) => (
    <>
      {header}
      {content}
    </>
  );

  if (items.isPending) return withHeader(<PageSkeleton />);
  if (items.isError) {
    return (
      <>
        {header}
        {isNetworkError(items.error) ? (
          <NetworkErrorState onRetry={() => void items.refetch()} />
        ) : (
          <EmptyState description="The offering items could not be loaded." />
        )}
      </>
    );
  }
  if (items.data.length === 0)
    return withHeader(<EmptyState description={MESSAGES.offeringItemsEmpty}>{addButton}</EmptyState>);

  return (
    <>
      {header}
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
          placeholder="Search by name"
        />
        <Button
          icon={<FilterOutlined aria-hidden />}
          aria-expanded={filterOpen}
          onClick={() => setFilterOpen((o) => !o)}
        >
          Filter
        </Button>
      </Flex>
      <FilterPanel
        open={filterOpen}
        onApply={() => {
          setFilter(draft);
          setPage(1);
        }}
        onClear={() => {
          setDraft(NO_FILTER);
          setFilter(NO_FILTER);
          setPage(1);
        }}
        onHide={() => setFilterOpen(false)}
      >
        <FilterField label="Name">
          <Input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </FilterField>
        <FilterField label="Cash Account">
          <Input value={draft.cash} onChange={(e) => setDraft({ ...draft, cash: e.target.value })} />
        </FilterField>
        <FilterField label="Income Account">
          <Input value={draft.income} onChange={(e) => setDraft({ ...draft, income: e.target.value })} />
        </FilterField>
      </FilterPanel>
      <DataTable<TContributionItem>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        locale={{ emptyText: <EmptyState description={MESSAGES.offeringsFilteredEmpty} /> }}
        onOpenRow={(item) => open(item.id)}
        rowLabel={(item) => `Open ${item.name}`}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          showSizeChanger: false,
          showQuickJumper: true,
          showTotal: (total) => `Total ${total} item${total === 1 ? '' : 's'}`,
          hideOnSinglePage: false,
        }}
      />
    </>
  );
}
