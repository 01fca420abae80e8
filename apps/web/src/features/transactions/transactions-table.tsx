import {
  CheckCircleFilled,
  CheckOutlined,
  DownloadOutlined,
  FilterOutlined,
  InboxOutlined,
  LockOutlined,
} from '@ant-design/icons';
import { FINANCE_PAGE_SIZE, type TTransactionRecord } from '@steward/contracts/finance';
import { DOCUMENT_LINES_MAX_IDS } from '@steward/contracts/register';
import {
  Button,
  DatePicker,
  Dropdown,
  Empty,
  Flex,
  Grid,
  Input,
  Select,
  Spin,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState, type Key } from 'react';
import { EXPORT_FORMATS, transactionsExportUrl, type ExportFormat } from '../../api/finance.ts';
import { isNetworkError } from '../../api/http.ts';
import { DataTable } from '../../components/data-table.tsx';
import { DATE_FORMAT, formatDate, ISO_DATE, toDayjs } from '../../components/dates.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { FilterField, FilterPanel } from '../../components/filter-panel.tsx';
import { formatAmount } from '../../components/format-amount.ts';
import { NetworkErrorState } from '../../components/network-error-state.tsx';
import { PageSkeleton } from '../../components/page-skeleton.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { FINANCE_MESSAGES } from './finance-messages.ts';
import { useTransactions } from './finance-queries.ts';
import { JournalDirections } from './journal-directions.tsx';
import { useDocumentLines } from './register-queries.ts';
import {
  amountTone,
  CATEGORY_OPTIONS,
  categoryLabel,
  toTransactionFilter,
  type FilterDraft,
} from './transactions-model.ts';
import { useProgressiveRows } from './use-progressive-rows.ts';
import { useApproveTransaction, useDeleteTransaction } from './use-transaction-actions.ts';

const PAGE_SIZES = [10, 20, 50, 100];
const NO_DRAFT: FilterDraft = { description: '' };
const TONE_COLOUR = { negative: '#cf1322', positive: '#389e0d', zero: 'inherit' } as const;

/** Starts the attachment download of GET .../Transactions/Export (same-origin cookie session). */
function download(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}

interface TransactionsTableProps {
  /** The account chosen in the selector (null: all accounts). */
  accountId: string | null;
  onOpen: (record: TTransactionRecord) => void;
}

/**
 * The finance table (spec 2.8): filter panel (Category, Date, Description), search box, export
 * (xlsx, csv, txt), columns DATE, DESCRIPTION, AMOUNT, CATEGORY, Approve, ACTION, row checkboxes,
 * pagination (total, sizes, prev, pager, next, jumper); the page's rows render 10 at a time.
 */
export function TransactionsTable({ accountId, onOpen }: TransactionsTableProps) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [draft, setDraft] = useState<FilterDraft>(NO_DRAFT);
  const [applied, setApplied] = useState<FilterDraft | null>(null);
  const [pageSize, setPageSize] = useState(FINANCE_PAGE_SIZE);
  const filter = toTransactionFilter(accountId, search, applied);
  const filterKey = JSON.stringify({ filter, pageSize });
  // Any change of filter or page size starts again at page 1 (and clears the selection).
  const [paging, setPaging] = useState({ key: filterKey, page: 1, selected: [] as Key[] });
  const page = paging.key === filterKey ? paging.page : 1;
  const selected = paging.key === filterKey ? paging.selected : [];
  const query = { page, pageSize, ...filter };
  const list = useTransactions(query);
  const rows = list.data?.records ?? [];
  const progressive = useProgressiveRows(rows, JSON.stringify(query));
  // a journal row shows each line's side (issue 7): the lines of the page's journals in one call
  const journalLines = useDocumentLines(
    rows
      .filter((r) => r.category === 'Journal')
      .map((r) => r.id)
      .slice(0, DOCUMENT_LINES_MAX_IDS),
  );
  const linesOf = (id: string) => journalLines.data?.find((d) => d.transactionId === id)?.lines;
  const approve = useApproveTransaction();
  const deleteTransaction = useDeleteTransaction();
  const screens = Grid.useBreakpoint();
  const wide = screens.md ?? true;

  const description = (r: TTransactionRecord) =>
    r.approved ? (
      <Flex gap={6} align="center">
        <span>{r.narration || r.memo || '—'}</span>
        <Tooltip title={FINANCE_MESSAGES.unapproveToChange}>
          <LockOutlined role="img" aria-label="Approved, locked" style={{ color: '#8c8c8c' }} />
        </Tooltip>
      </Flex>
    ) : (
      r.narration || r.memo || '—'
    );
  const amount = (r: TTransactionRecord) =>
    r.category === 'Journal' ? (
      <JournalDirections lines={linesOf(r.id)} total={r.amount} currency={r.currency.shortCode} compact={!wide} />
    ) : (
      <span
        data-tone={amountTone(r.amount)}
        style={{
          color: TONE_COLOUR[amountTone(r.amount)],
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
        }}
      >
        {formatAmount(r.amount, r.currency.shortCode)}
      </span>
    );
  const approveButton = (r: TTransactionRecord) => {
    const name = r.narration || r.transactionNumber;
    const busy = approve.pending.has(r.id);
    return (
      <Tooltip title={r.approved ? 'Approved: click to unapprove' : 'Approve'}>
        <Button
          type="text"
          shape="circle"
          loading={busy}
          aria-label={r.approved ? `Unapprove ${name}` : `Approve ${name}`}
          aria-pressed={r.approved}
          icon={
            r.approved ? (
              <CheckCircleFilled aria-hidden style={{ color: '#389e0d', fontSize: 18 }} />
            ) : (
              <CheckOutlined aria-hidden style={{ color: 'rgba(0,0,0,0.45)' }} />
            )
          }
          onClick={(e) => {
            e.stopPropagation();
            if (!busy) void approve.toggle(r);
          }}
        />
      </Tooltip>
    );
  };
  const menu = (r: TTransactionRecord) => (
    <RowActions
      name={`${r.narration || r.transactionNumber} of ${formatDate(r.date)}`}
      actions={[
        { key: 'edit', label: r.approved ? 'View' : 'Edit', onClick: () => onOpen(r) },
        {
          key: 'delete',
          label: 'Delete',
          danger: true,
          disabled: r.approved,
          disabledReason: 'unapprove it first',
          onClick: () => deleteTransaction(r.id),
        },
      ]}
    />
  );

  // On a phone the description and the amount stay in view: the date and category go above the
  // description, Approve sits beside the row menu, and the row checkboxes (no bulk action yet) go.
  const columns: TableColumnsType<TTransactionRecord> = wide
    ? [
        { title: 'DATE', dataIndex: 'date', key: 'date', render: (d: string) => formatDate(d) },
        { title: 'DESCRIPTION', key: 'narration', render: (_, r) => description(r) },
        { title: 'AMOUNT', key: 'amount', align: 'right', render: (_, r) => amount(r) },
        { title: 'CATEGORY', dataIndex: 'category', key: 'category', render: (c: string) => categoryLabel(c) },
        { title: 'Approve', key: 'approve', align: 'center', width: 90, render: (_, r) => approveButton(r) },
        { title: 'ACTION', key: 'action', width: 90, render: (_, r) => menu(r) },
      ]
    : [
        {
          title: 'DESCRIPTION',
          key: 'narration',
          render: (_, r) => (
            <>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {`${formatDate(r.date)} · ${categoryLabel(r.category)}`}
              </Typography.Text>
              <div style={{ overflowWrap: 'anywhere' }}>{description(r)}</div>
            </>
          ),
        },
        { title: 'AMOUNT', key: 'amount', align: 'right', render: (_, r) => amount(r) },
        {
          title: 'ACTION',
          key: 'action',
          width: 84,
          render: (_, r) => (
            <Flex gap={0} align="center">
              {approveButton(r)}
              {menu(r)}
            </Flex>
          ),
        },
      ];

  const onApply = () =>
    setApplied(draft.category || draft.from || draft.to || draft.description.trim() ? { ...draft } : null);
  const onClear = () => {
    setDraft(NO_DRAFT);
    setApplied(null);
    setSearchText('');
    setSearch('');
  };

  let body;
  if (list.isPending) body = <PageSkeleton rows={8} />;
  else if (list.isError && !list.data)
    body = isNetworkError(list.error) ? (
      <NetworkErrorState onRetry={() => void list.refetch()} />
    ) : (
      <EmptyState description="The transactions could not be loaded." />
    );
  else
    body = (
      <DataTable<TTransactionRecord>
        rowKey="id"
        columns={columns}
        dataSource={progressive.visible}
        loading={list.isFetching && !list.isPending}
        rowSelection={
          wide
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setPaging({ key: filterKey, page, selected: keys }),
              }
            : undefined
        }
        tableLayout={wide ? undefined : 'fixed'}
        locale={{
          // An icon without an SVG <title>, so 'No data' is the only text of the empty list.
          emptyText: (
            <Empty
              image={<InboxOutlined aria-hidden style={{ fontSize: 44, color: '#d0d5dd' }} />}
              styles={{ image: { height: 48 } }}
              description={FINANCE_MESSAGES.noData}
            />
          ),
        }}
        onOpenRow={onOpen}
        rowLabel={(r) => `Open ${r.narration || r.transactionNumber} of ${formatDate(r.date)}`}
        footer={
          progressive.hasMore
            ? () => (
                <div
                  ref={progressive.sentinelRef}
                  style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 12 }}
                >
                  {progressive.pending ? <Spin size="small" aria-label="Loading more rows" /> : null}
                  <Button type="link" onClick={progressive.showMore}>
                    Show more rows
                  </Button>
                </div>
              )
            : undefined
        }
        pagination={{
          current: page,
          pageSize,
          total: list.data?.totalItems ?? 0,
          showSizeChanger: false,
          showQuickJumper: true,
          // The spec's order is total, sizes, prev, pager, next, jumper: the size picker sits with the total.
          showTotal: (total) => (
            <Flex align="center" gap={8} component="span">
              <span>{`Total ${total} item${total === 1 ? '' : 's'}`}</span>
              <Select<number>
                size="small"
                aria-label="Rows per page"
                value={pageSize}
                onChange={setPageSize}
                options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} / page` }))}
                popupMatchSelectWidth={false}
                style={{ width: 116 }}
              />
            </Flex>
          ),
          onChange: (p) => setPaging({ key: filterKey, page: p, selected: [] }),
        }}
      />
    );

  return (
    <>
      <Flex gap={8} wrap justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <SearchBox
          value={searchText}
          onChange={setSearchText}
          onSearch={(v) => setSearch(v.trim())}
          placeholder="Search transactions"
        />
        <Flex gap={8} wrap align="center">
          {selected.length > 0 ? <span aria-live="polite">{`${selected.length} selected`}</span> : null}
          <Button
            icon={<FilterOutlined aria-hidden />}
            aria-expanded={filterOpen}
            onClick={() => setFilterOpen((o) => !o)}
          >
            Filter
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: EXPORT_FORMATS.map((f) => ({ key: f, label: f })),
              onClick: ({ key }) => download(transactionsExportUrl(key as ExportFormat, filter)),
            }}
          >
            <Button icon={<DownloadOutlined aria-hidden />}>Export</Button>
          </Dropdown>
        </Flex>
      </Flex>
      <FilterPanel open={filterOpen} onApply={onApply} onClear={onClear} onHide={() => setFilterOpen(false)}>
        <FilterField label="Category">
          <Select<string>
            allowClear
            placeholder="Any category"
            value={draft.category}
            onChange={(v) => setDraft({ ...draft, category: v })}
            options={CATEGORY_OPTIONS.map((c) => ({ value: c.value, label: c.label }))}
          />
        </FilterField>
        <FilterField label="Date">
          <DatePicker.RangePicker
            format={DATE_FORMAT}
            value={[toDayjs(draft.from), toDayjs(draft.to)]}
            onChange={(v) => setDraft({ ...draft, from: v?.[0]?.format(ISO_DATE), to: v?.[1]?.format(ISO_DATE) })}
          />
        </FilterField>
        <FilterField label="Description">
          <Input value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
        </FilterField>
      </FilterPanel>
      {body}
    </>
  );
}
