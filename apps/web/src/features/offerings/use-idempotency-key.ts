import { useCallback, useMemo, useRef } from 'react';

/** A v4 uuid; crypto.randomUUID needs a secure context, so plain-http LAN access falls back. */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One Idempotency-Key per submission (DESIGN.md §1.7): submitting the same payload again (a
 * retry after a failure or a lost answer) reuses the key, so the server posts it once; a changed
 * payload is a new submission with a new key. `reset` after a success.
 */
export function useIdempotencyKey() {
  const last = useRef<{ key: string; body: string } | null>(null);
  const keyFor = useCallback((payload: unknown): string => {
    const body = JSON.stringify(payload);
    if (last.current?.body === body) return last.current.key;
    const key = newUuid();
    last.current = { key, body };
    return key;
  }, []);
  const reset = useCallback(() => {
    last.current = null;
  }, []);
  return useMemo(() => ({ keyFor, reset }), [keyFor, reset]);
}
