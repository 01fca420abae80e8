import { useCallback, useEffect, useState } from 'react';
import { nextVisibleCount, PROGRESSIVE_DELAY_MS, PROGRESSIVE_FIRST } from './transactions-model.ts';

/**
 * Progressive rendering of the finance table (spec §4, §9): the first 10 rows of the fetched page,
 * then 10 more each time the sentinel below the rows scrolls into view, after a 1-second delay.
 * `resetKey` (the list query) starts again at 10; a refetch of the same query keeps the count.
 * `showMore` adds 10 at once (the keyboard path).
 */
export function useProgressiveRows<T>(rows: readonly T[], resetKey: string) {
  const [state, setState] = useState({ key: resetKey, count: PROGRESSIVE_FIRST });
  const count = state.key === resetKey ? state.count : PROGRESSIVE_FIRST;
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const [inView, setInView] = useState(false);
  const hasMore = count < rows.length;

  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)));
    io.observe(sentinel);
    return () => {
      io.disconnect();
      setInView(false);
    };
  }, [sentinel]);

  useEffect(() => {
    if (!inView || !hasMore) return;
    const t = setTimeout(
      () => setState({ key: resetKey, count: nextVisibleCount(count, rows.length) }),
      PROGRESSIVE_DELAY_MS,
    );
    return () => clearTimeout(t);
  }, [inView, hasMore, count, rows.length, resetKey]);

  const showMore = useCallback(
    () => setState({ key: resetKey, count: nextVisibleCount(count, rows.length) }),
    [resetKey, count, rows.length],
  );

  /** More rows are on their way (the sentinel is in view, the 1-second delay runs). */
  const pending = inView && hasMore;
  return { visible: rows.slice(0, count), hasMore, pending, sentinelRef: setSentinel, showMore };
}
