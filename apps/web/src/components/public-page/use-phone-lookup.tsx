import { useCallback, useEffect, useRef, useState } from 'react';
import { Spinner } from './public-layout.tsx';

/*
 * The phone lookup of the public pages that find a visitor by phone (the check-in, spec 2.11: the
 * search starts once the number is complete; the event registration, spec 2.12: on blur or
 * Continue): one search at a time (a newer one or 'Not Me' aborts the one in flight, and an
 * aborted one changes nothing), its state, and the 'Fetching your details...' / found / not found
 * line under the phone. Each page keeps its own texts, its trigger and what it does with the answer.
 */

/**
 * Where a lookup is: `idle` (nothing asked), `missing` (asked with no phone: the registration's
 * missing-phone state), `loading`, `done` with the page's `result`, or `failed` with the error.
 * `key` is what was searched for (the page's key of the phone: its digits, or the trimmed text).
 */
export type PhoneLookupState<T> =
  | { status: 'idle' }
  | { status: 'missing' }
  | { status: 'loading'; key: string }
  | { status: 'done'; key: string; result: T }
  | { status: 'failed'; key: string; error: unknown };

/** What a lookup does once its answer arrives (both run in the same render as the new state). */
export type PhoneLookupHandlers<T> = {
  /** the answer; `signal` aborts when a newer lookup or a reset starts (for follow-up requests) */
  onDone?: (result: T, signal: AbortSignal) => void;
  /** the search failed (not aborted) */
  onFailed?: (error: unknown) => void;
};

/**
 * The lookup's state and its actions. `search(text, signal)` asks the server (text trimmed);
 * `keyOf(text)` is the key of a phone (default: the trimmed text). `run(text, handlers)` starts a
 * search (aborting any in flight) and resolves once it is settled; `reset(next)` aborts and goes
 * back to `idle` (or `missing`). The search in flight is aborted when the page unmounts.
 */
export function usePhoneLookup<T>(
  search: (text: string, signal: AbortSignal) => Promise<T>,
  keyOf: (text: string) => string = (t) => t.trim(),
) {
  const inFlight = useRef<AbortController | null>(null);
  const [state, setState] = useState<PhoneLookupState<T>>({ status: 'idle' });

  useEffect(() => () => inFlight.current?.abort(), []);

  const reset = useCallback((next: { status: 'idle' } | { status: 'missing' } = { status: 'idle' }) => {
    inFlight.current?.abort();
    setState(next);
  }, []);

  const run = useCallback(
    async (text: string, handlers: PhoneLookupHandlers<T> = {}) => {
      inFlight.current?.abort();
      const ac = new AbortController();
      inFlight.current = ac;
      const key = keyOf(text);
      setState({ status: 'loading', key });
      try {
        const result = await search(text.trim(), ac.signal);
        if (ac.signal.aborted) return;
        setState({ status: 'done', key, result });
        handlers.onDone?.(result, ac.signal);
      } catch (error) {
        if (ac.signal.aborted) return;
        setState({ status: 'failed', key, error });
        handlers.onFailed?.(error);
      }
    },
    [search, keyOf],
  );

  return { state, run, reset };
}

/**
 * The polite live line under the phone: a spinner with `fetching` ('Fetching your details...')
 * while `loading`, else `result` (the page's found / not found text) when given, else nothing
 * (the line then takes no room). `className` is the page's prefix: `{className}-loading` and
 * `{className}-result` are its own rules (ck, er).
 */
export function LookupStatus({
  loading,
  fetching,
  result,
  className,
}: {
  loading: boolean;
  fetching: string;
  result: string | null;
  className: string;
}) {
  return (
    <div className="pp-status" role="status" aria-live="polite">
      {loading ? (
        <div className={`${className}-loading`}>
          <Spinner large />
          <p>{fetching}</p>
        </div>
      ) : result !== null ? (
        <p className={`${className}-result`}>{result}</p>
      ) : null}
    </div>
  );
}
