import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TOfferingListItem } from '@steward/contracts/offerings';
import { MESSAGES } from '@steward/contracts/messages';
import { Button, Grid, Tooltip } from 'antd';
import { lazy, Suspense, useState, type Key } from 'react';
import { useNavigate } from 'react-router';
import { isNetworkError } from '../../api/http.ts';
import { getFilteredOfferings, getOfferingsPage, OFFERINGS_PAGE_SIZE } from '../../api/offerings.ts';
import { offeringKeys } from '../../api/query-keys.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { transactionColumns } from '../../components/transaction-columns.tsx';
import { TransactionsToolbar } from '../../components/transactions-toolbar.tsx';
import { useTransactionList } from '../../components/use-transaction-list.ts';
import { ADD_OFFERING_PATH, editOfferingPath, OFFERING_ITEMS_PATH, offeringReportPath } from './offering-links.ts';
import { NO_DRAFT, type FilterDraft } from './offerings-filter-draft.ts';
import { OfferingsSummary } from './offerings-summary.tsx';
import { useOfferingDeletes } from './use-offering-deletes.ts';

// Loaded when first needed, not with the page (issue 7 'Speed'): the filter panel when it is
// opened; the print-only table just after the first paint (ready before anyone prints).
const OfferingsFilter = lazy(() => import('./offerings-filter.tsx').then((m) => ({ default: m.OfferingsFilter })));
const TransactionsPrint = lazy(() =>
  import('../../components/transactions-print.tsx').then((m) => ({ default: m.TransactionsPrint })),
);

/**
 * /tenant/offering (spec 2.1): period summary with charts, then the offering transactions,
 * 50 a page from the server; the search box and the filter panel switch to FilteredTransactions.
 * On a phone each row shows as a compact card-like row: date and source, offering, donor, amount.
 */
export function OfferingsPage() {
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Key[]>([]);
  const list = useTransactionList<TOfferingListItem, FilterDraft>({
    keys: offeringKeys,
    getPage: getOfferingsPage,
    getFiltered: getFilteredOfferings,
    emptyDraft: NO_DRAFT,
    draftText: (d) => ({ contribution: d.offering, donor: d.donor }),
    onRowsReset: () => setSelected([]),
  });
  const { active, rows } = list;
  const { deleteOne, deleteMany } = useOfferingDeletes();
  const wide = Grid.useBreakpoint().md ?? true;

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
  const columns = transactionColumns<TOfferingListItem>({
    wide,
    titles: { date: 'Date', item: 'OFFERING', channel: 'SOURCE' },
    actions,
    phoneDonor: (r) => (r.donor ? `Donor: ${r.donor}` : 'No donor'),
    phoneDonorTestId: 'donor',
  });

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

  const isEmpty = list.noRows;
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
        pagination={list.pagination(OFFERINGS_PAGE_SIZE)}
      />
    );

  return (
    <>
      {header}
      <OfferingsSummary />
      {isEmpty ? null : (
        <>
          <TransactionsToolbar {...list.toolbar} placeholder="Search offering" printLabel="Print" filterLabel="Filter">
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
          </TransactionsToolbar>
          {list.filterOpen ? (
            <Suspense fallback={null}>
              <OfferingsFilter
                draft={list.draft}
                onChange={list.setDraft}
                onApply={list.onApply}
                onClear={list.onClear}
                onHide={() => list.setFilterOpen(false)}
              />
            </Suspense>
          ) : null}
        </>
      )}
      {body}
      <Suspense fallback={null}>
        <TransactionsPrint title="OFFERING TRANSACTIONS" itemLabel="OFFERING" rows={rows} />
      </Suspense>
    </>
  );
}
