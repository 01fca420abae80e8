import { DeleteOutlined, FilterOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import type { TOfferingListItem } from '@steward/contracts/offerings';
import { MESSAGES } from '@steward/contracts/messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Grid, Tooltip, Typography, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { isNetworkError } from '../../api/http.ts';
import { getFilteredOfferings, getOfferingsPage, OFFERINGS_PAGE_SIZE } from '../../api/offerings.ts';
import { offeringKeys, type OfferingFilter } from '../../api/query-keys.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { MoneyText } from '../../components/money-text.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { ADD_OFFERING_PATH, editOfferingPath, OFFERING_ITEMS_PATH, offeringReportPath } from './offering-links.ts';
import { NO_DRAFT, type FilterDraft } from './offerings-filter-draft.ts';
import { OfferingsSummary } from './offerings-summary.tsx';
import { useOfferingDeletes } from './use-offering-deletes.ts';

// Loaded when first needed, not with the page (issue 7 'Speed'): the filter panel when it is
// opened; the print-only table just after the first paint (ready before anyone prints).
const OfferingsFilter = lazy(() => import('./offerings-filter.tsx').then((m) => ({ default: m.OfferingsFilter })));
const OfferingsPrint = lazy(() => import('./offerings-print.tsx').then((m) => ({ default: m.OfferingsPrint })));

/**
 * /tenant/offering (spec 2.1): period summary with charts, then the offering transactions,
 * 50 a page from the server; the search box and the filter panel switch to FilteredTransactions.
 * On a phone each row shows as a compact card-like row: date and source, offering, donor, amount.
 */
export function OfferingsPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [filterPage, setFilterPage] = useState(1);
  const [filter, setFilter] = useState<OfferingFilter | null>(null);
  const [search, setSearch] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [draft, setDraft] = useState<FilterDraft>(NO_DRAFT);
  const [selected, setSelected] = useState<Key[]>([]);
  const { deleteOne, deleteMany } = useOfferingDeletes();
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;

  const paged = useQuery({
    queryKey: offeringKeys.page(page),
    queryFn: () => getOfferingsPage(page),
    placeholderData: keepPreviousData,
    enabled: filter === null,
  });
  const filtered = useQuery({
    queryKey: offeringKeys.filtered(filter ?? {}),
    queryFn: () => getFilteredOfferings(filter ?? {}),
    enabled: filter !== null,
  });
  const active = filter === null ? paged : filtered;
  const rows: TOfferingListItem[] = filter === null ? (paged.data?.data ?? []) : (filtered.data ?? []);

  const applyFilter = (next: OfferingFilter | null) => {
    setFilter(next);
    setFilterPage(1);
    setSelected([]);
  };
  const onSearch = (text: string) => applyFilter(text.trim() ? { contribution: text.trim() } : null);
  const onApply = () => {
    const contribution = draft.offering.trim();
    const donor = draft.donor.trim();
    applyFilter(contribution || donor ? { contribution, donor } : null);
  };
  const onClear = () => {
    setDraft(NO_DRAFT);
    setSearch('');
    applyFilter(null);
  };

  const actions = (r: TOfferingListItem) => (
    <RowActions
      name={`${r.contribution} of ${formatDate(r.date)}`}
      actions={[
        {
          key: 'report',
          label: 'View Report',
          onClick: () => void navigate(offeringReportPath(r.date, r.activityId)),
        },
        { key: 'edit', label: 'Edit', onClick: () => void navigate(editOfferingPath(r.id)) },
        { key: 'delete', label: 'Delete', danger: true, onClick: () => deleteOne(r.id) },
      ]}
    />
  );
  const amount = (r: TOfferingListItem) => <MoneyText amount={r.amount} currency={r.currencyName} />;
  // On a phone (issue 7, part 4) each row keeps the offering, its donor and its amount in view:
  // the date and source go above the offering, the donor under it, as the account register does.
  const columns: TableColumnsType<TOfferingListItem> = wide
    ? [
        { title: 'Date', dataIndex: 'date', key: 'date', render: (d: string) => formatDate(d) },
        { title: 'OFFERING', dataIndex: 'contribution', key: 'contribution' },
        { title: 'AMOUNT', key: 'amount', align: 'right', render: (_, r) => amount(r) },
        { title: 'SOURCE', dataIndex: 'channel', key: 'channel' },
        { title: 'DONOR', dataIndex: 'donor', key: 'donor', render: (d: string) => d || '—' },
        { title: 'ACTION', key: 'action', width: 90, render: (_, r) => actions(r) },
      ]
    : [
        {
          title: 'OFFERING',
          key: 'contribution',
          render: (_, r) => (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {`${formatDate(r.date)} · ${r.channel}`}
              </Typography.Text>
              <div style={{ overflowWrap: 'anywhere' }}>{r.contribution}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }} data-testid="donor">
                {r.donor ? `Donor: ${r.donor}` : 'No donor'}
              </Typography.Text>
            </>
          ),
        },
        { title: 'AMOUNT', key: 'amount', align: 'right', width: 120, render: (_, r) => amount(r) },
        // the header is named for assistive technology; on screen the ⋮ button speaks for itself
        {
          title: <span className="visually-hidden">ACTION</span>,
          key: 'action',
          width: 48,
          render: (_, r) => actions(r),
        },
      ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => void navigate(ADD_OFFERING_PATH)}>
      Add Offering
    </Button>
  );
  const header = (
    <PageHeader
      title="Offerings"
      actions={
        <>
          <Button onClick={() => void navigate(OFFERING_ITEMS_PATH)}>View Offering Items</Button>
          {addButton}
        </>
      }
    />
  );

  const isEmpty = filter === null && page === 1 && paged.isSuccess && paged.data.totalItems === 0;
  let body;
  if (active.isPending) body = <PageSkeleton rows={8} />;
  else if (active.isError && !active.data)
    body = isNetworkError(active.error) ? (
      <NetworkErrorState onRetry={() => void active.refetch()} />
    ) : (
      <EmptyState description="The offerings could not be loaded." />
    );
  else if (isEmpty) body = <EmptyState description={MESSAGES.offeringsEmpty}>{addButton}</EmptyState>;
  else
    body = (
      <DataTable<TOfferingListItem>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={active.isFetching && !active.isPending}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected, ...(wide ? {} : { columnWidth: 36 }) }}
        tableLayout={wide ? undefined : 'fixed'}
        scroll={wide ? { x: 'max-content' } : undefined}
        locale={{ emptyText: <EmptyState description={MESSAGES.offeringsFilteredEmpty} /> }}
        onOpenRow={(r) => void navigate(editOfferingPath(r.id))}
        rowLabel={(r) => `Open ${r.contribution} of ${formatDate(r.date)}`}
        pagination={{
          pageSize: OFFERINGS_PAGE_SIZE,
          showSizeChanger: false,
          showQuickJumper: true,
          showTotal: (total) => `Total ${total} item${total === 1 ? '' : 's'}`,
          ...(filter === null
            ? {
                current: page,
                total: paged.data?.totalItems ?? 0,
                onChange: (p: number) => {
                  setPage(p);
                  setSelected([]);
                },
              }
            : { current: filterPage, onChange: setFilterPage }),
        }}
      />
    );

  return (
    <>
      {header}
      <OfferingsSummary />
      {isEmpty ? null : (
        <>
          <Flex gap={8} wrap justify="space-between" align="center" style={{ marginBottom: 12 }} className="no-print">
            <SearchBox value={search} onChange={setSearch} onSearch={onSearch} placeholder="Search offering" />
            <Flex gap={8} wrap>
              <Tooltip title="Delete selected offering(s)">
                <Button
                  danger
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label="Delete selected offerings"
                  disabled={selected.length === 0}
                  onClick={() => deleteMany(selected.map(String), () => setSelected([]))}
                >
                  {selected.length > 0 ? selected.length : null}
                </Button>
              </Tooltip>
              <Button
                icon={<PrinterOutlined aria-hidden />}
                onClick={() => window.print()}
                disabled={rows.length === 0}
              >
                Print
              </Button>
              <Button
                icon={<FilterOutlined aria-hidden />}
                aria-expanded={filterOpen}
                onClick={() => setFilterOpen((o) => !o)}
              >
                Filter
              </Button>
            </Flex>
          </Flex>
          {filterOpen ? (
            <Suspense fallback={null}>
              <OfferingsFilter
                draft={draft}
                onChange={setDraft}
                onApply={onApply}
                onClear={onClear}
                onHide={() => setFilterOpen(false)}
              />
            </Suspense>
          ) : null}
        </>
      )}
      {body}
      <Suspense fallback={null}>
        <OfferingsPrint rows={rows} />
      </Suspense>
    </>
  );
}
