import type { TPublicPaymentForm } from '@steward/contracts/donations';
import { useCallback, useEffect, useState } from 'react';
import { getPublicForm, takePublicForm } from '../../api/give.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { rememberTenant } from './giver-session.ts';

/** The public form's load: loading, ready, not found (404/400: unknown or inactive), or failed (network, server). */
export type PublicFormState =
  | { kind: 'loading' }
  | { kind: 'ready'; form: TPublicPaymentForm }
  | { kind: 'notFound' }
  | { kind: 'failed'; network: boolean };

/**
 * Loads the public payment form `formId` (GET /give?paymentFormID=; the router's prefetch when
 * there is one) and remembers its church (`localStorage.tenantId`). `retry` loads it again.
 * Without a form id the state is 'notFound'.
 */
export function usePublicForm(formId: string | undefined): { state: PublicFormState; retry: () => void } {
  const [state, setState] = useState<PublicFormState>(formId ? { kind: 'loading' } : { kind: 'notFound' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!formId) {
      setState({ kind: 'notFound' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    (attempt === 0 ? takePublicForm(formId) : getPublicForm(formId)).then(
      (form) => {
        if (!live) return;
        rememberTenant(form.tenantID);
        setState({ kind: 'ready', form });
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof HttpError && (err.status === 404 || err.status === 400)) setState({ kind: 'notFound' });
        else setState({ kind: 'failed', network: err instanceof NetworkError || err instanceof TimeoutError });
      },
    );
    return () => {
      live = false;
    };
  }, [formId, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { state, retry };
}
