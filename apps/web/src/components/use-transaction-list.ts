import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

/** The filter both transaction lists send: the item's name and, from the panel, the donor. */
export interface TransactionFilter {
  contribution?: string;
  donor?: string;
}

interface TransactionListOptions<Row, D> {
  /** query keys of a server page (1-based) and of a filtered list */
  keys: { page: (page: number) => QueryKey; filtered: (filter: TransactionFilter) => QueryKey };
  /** GET .../Transactions?page=N: `{data, totalItems}` */
  getPage: (page: number) => Promise<{ data: Row[]; totalItems: number }>;
  /** GET .../FilteredTransactions: the matching rows, a bare array */
  getFiltered: (filter: TransactionFilter) => Promise<Row[]>;
  /** the filter panel's fields before anything is typed */
  emptyDraft: D;
  /** the draft's item and donor text, as typed */
  draftText: (draft: D) => { contribution: string; donor: string };
  /** runs when the rows change under the user (another filter, another server page), e.g. to clear a selection */
  onRowsReset?: () => void;
}

/**
 * The state shared by the offerings list (spec 2.1) and the donation transactions (giving spec
 * 2.5): server pages of `pageSize` while nothing filters, otherwise the filtered list paged on the
 * client; the search box (sends only `contribution`), the filter panel's draft with Apply and
 * Clear all, and the table's pagination ('Total N items', jumper, no size changer).
 */
export function useTransactionList<Row, D>(opts: TransactionListOptions<Row, D>) {
  const { keys, getPage, getFiltered, emptyDraft, draftText, onRowsReset } = opts;
  const [page, setPage] = useState(1);
  const [filterPage, setFilterPage] = useState(1);
  const [filter, setFilter] = useState<TransactionFilter | null>(null);
  const [search, setSearch] = useState('');
  const [filterOpen, setFilterOpen] = useState(false);
  const [draft, setDraft] = useState<D>(emptyDraft);

  const paged = useQuery({
    queryKey: keys.page(page),
    queryFn: () => getPage(page),
    placeholderData: keepPreviousData,
    enabled: filter === null,
  });
  const filtered = useQuery({
    queryKey: keys.filtered(filter ?? {}),
    queryFn: () => getFiltered(filter ?? {}),
    enabled: filter !== null,
  });
  const active = filter === null ? paged : filtered;
  const rows: Row[] = filter === null ? (paged.data?.data ?? []) : (filtered.data ?? []);
  /** nothing recorded at all: no filter, first page, and the server counts none */
  const noRows = filter === null && page === 1 && paged.isSuccess && paged.data.totalItems === 0;

  const applyFilter = (next: TransactionFilter | null) => {
    setFilter(next);
    setFilterPage(1);
    onRowsReset?.();
  };
  const onSearch = (text: string) => applyFilter(text.trim() ? { contribution: text.trim() } : null);
  const onApply = () => {
    const typed = draftText(draft);
    const contribution = typed.contribution.trim();
    const donor = typed.donor.trim();
    applyFilter(contribution || donor ? { contribution, donor } : null);
  };
  const onClear = () => {
    setDraft(emptyDraft);
    setSearch('');
    applyFilter(null);
  };
  /** antd pagination for the table: server pages, or the filtered rows paged on the client */
  const pagination = (pageSize: number) => ({
    pageSize,
    showSizeChanger: false,
    showQuickJumper: true,
    showTotal: (total: number) => `Total ${total} item${total === 1 ? '' : 's'}`,
    ...(filter === null
      ? {
          current: page,
          total: paged.data?.totalItems ?? 0,
          onChange: (p: number) => {
            setPage(p);
            onRowsReset?.();
          },
        }
      : { current: filterPage, onChange: setFilterPage }),
  });

  /** the state half of TransactionsToolbar's props */
  const toolbar = {
    search,
    onSearchChange: setSearch,
    onSearch,
    nothingToPrint: rows.length === 0,
    filterOpen,
    onToggleFilter: () => setFilterOpen((o) => !o),
  };

  return {
    active,
    rows,
    noRows,
    toolbar,
    filterOpen,
    setFilterOpen,
    draft,
    setDraft,
    onApply,
    onClear,
    pagination,
  };
}
