import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

/**
 * A searched, paged list of an admin list page (the attendance set-ups, the registration
 * set-ups): the page shown (from 1), the search box's text, the search applied (on Enter or the
 * button), and the query of that page and search, which keeps the previous page on screen while
 * the next loads. `rows` and `total` are empty / 0 until the first answer.
 */
export function useSearchedPages<P extends { data: unknown[]; totalItems: number }>(
  keyOf: (page: number, search: string) => QueryKey,
  fetchPage: (page: number, search: string) => Promise<P>,
) {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const list = useQuery({
    queryKey: keyOf(page, applied),
    queryFn: () => fetchPage(page, applied),
    placeholderData: keepPreviousData,
  });
  const rows = (list.data?.data ?? []) as P['data'];
  const total = list.data?.totalItems ?? 0;
  return { page, setPage, search, setSearch, applied, setApplied, list, rows, total };
}
