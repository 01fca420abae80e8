import type { TPaymentOutcome } from '@steward/contracts/donations';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { confirmDonation, paystackTransactionCheck, type SettlementAnswer } from '../../api/give.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { GatewayLogo } from '../../components/public-page/gateway-logo.tsx';
import { clearDraft } from './draft.ts';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { GiveLayout } from './give-layout.tsx';
import { readGiverSession } from './giver-session.ts';
import { usePublicForm } from './use-public-form.ts';
import { decimalsOf, formatMajor } from './money.ts';
import { GIVE_TEXT as T } from './texts.ts';

/*
 * The page the provider's checkout returns to (issue 10 'Public pages'; existing-client-api
 * §3.3 'Confirm'): /give/{formId}/thanks?provider=paystack|flutterwave (and /iframe/...). It
 * reads the provider's query (Paystack `trxref`/`reference`; Flutterwave `status`, `tx_ref`,
 * `transaction_id`), asks Steward to confirm the payment with the provider, and shows the
 * outcome. A payment the provider has not settled yet is asked about again a few times.
 */

/** Times the page asks again about a pending payment, and the wait between two asks (ms). */
const POLLS = 6;
const POLL_MS = 3000;

type View =
  | { kind: 'confirming' }
  | { kind: 'pending'; outcome: TPaymentOutcome | null; polling: boolean }
  | { kind: 'received'; outcome: TPaymentOutcome }
  | { kind: 'flagged'; outcome: TPaymentOutcome }
  | { kind: 'failed'; outcome: TPaymentOutcome | null }
  | { kind: 'cancelled' }
  | { kind: 'error'; text: string }
  | { kind: 'missing' };

/** The payment the provider's return names: which provider, the confirm call's `id` and `txnref`. */
interface Returned {
  provider: 'paystack' | 'flutterwave';
  id: string | null;
  txnref: string;
  /** Flutterwave's `status` of the return (successful, failed, cancelled), else null */
  status: string | null;
}

function readReturn(q: URLSearchParams): Returned | null {
  const named = q.get('provider')?.toLowerCase();
  const paystackRef = q.get('trxref') ?? q.get('reference');
  const txRef = q.get('tx_ref');
  if ((named === 'paystack' || (!named && paystackRef)) && paystackRef)
    return { provider: 'paystack', id: paystackRef, txnref: paystackRef, status: null };
  if ((named === 'flutterwave' || !named) && txRef)
    return { provider: 'flutterwave', id: q.get('transaction_id'), txnref: txRef, status: q.get('status') };
  return null;
}

/** What an answer of confirm or check means for the page. */
function viewOf(answer: SettlementAnswer, returned: Returned): View {
  const o = answer.returnObject;
  switch (o.status) {
    case 'succeeded':
      return { kind: 'received', outcome: o };
    case 'flagged':
      return { kind: 'flagged', outcome: o };
    case 'failed':
      return { kind: 'failed', outcome: o };
    case 'abandoned':
    case 'cancelled':
      return { kind: 'cancelled' };
    default:
      // the payer is back from the checkout: an abandoned or cancelled payment was cancelled by them
      if (o.providerStatus === 'abandoned' || o.providerStatus === 'cancelled' || returned.status === 'cancelled')
        return { kind: 'cancelled' };
      return { kind: 'pending', outcome: o, polling: true };
  }
}

function errorView(err: unknown): View {
  if (err instanceof NetworkError) return { kind: 'error', text: T.networkDisrupted };
  if (err instanceof TimeoutError) return { kind: 'error', text: T.timeout };
  if (err instanceof HttpError && err.serverMessage && err.status < 500)
    return { kind: 'error', text: `${T.confirmFailed}: ${err.serverMessage}` };
  return { kind: 'error', text: T.confirmFailed };
}

const DATE = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** MM/DD/YYYY, h:mm AM of an ISO timestamp (spec §9), or the text as given. */
function showDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : DATE.format(t);
}

/** The receipt of a received gift: amount, items, reference, date, provider. */
function Receipt({ outcome }: { outcome: TPaymentOutcome }) {
  const decimals = decimalsOf(outcome.currency);
  const money = (n: number) => formatMajor(n, outcome.currency, decimals);
  return (
    <div className="gv-receipt">
      <div className="gv-receipt-amount" data-testid="thanks-amount">
        {money(outcome.amount)}
      </div>
      <ul className="gv-receipt-items" aria-label="Items">
        {outcome.items.map((i, n) => (
          <li key={`${i.name}-${n}`}>
            <span>{i.name}</span>
            <span>{money(i.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="gv-receipt-facts">
        <div>
          <dt>Reference</dt>
          <dd className="gv-reference" data-testid="thanks-reference">
            {outcome.reference}
          </dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{showDate(outcome.date)}</dd>
        </div>
        <div>
          <dt>Paid with</dt>
          <dd>
            <GatewayLogo name={outcome.paymentGatewayName} compact />
          </dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{outcome.churchName}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The thank-you page of `:userId` (the form id); `embedded` for /iframe/{id}/thanks. */
function ThanksPage({ embedded }: { embedded: boolean }) {
  const { userId = '' } = useParams();
  const [query] = useSearchParams();
  const returned = useRef(readReturn(query)).current;
  const [view, setView] = useState<View>(returned ? { kind: 'confirming' } : { kind: 'missing' });
  const [church, setChurch] = useState<string | null>(null);
  // the church's name and logo for the header (the outcome names the church, without its logo)
  const { state: formState } = usePublicForm(userId || undefined);
  const form = formState.kind === 'ready' ? formState.form : null;
  const [run, setRun] = useState(0);
  const giver = readGiverSession();
  const back = `/${embedded ? 'iframe' : 'give'}/${userId}`;

  useEffect(() => {
    if (!returned) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ref = returned.txnref;
    const show = (v: View) => {
      if (!live) return;
      setView(v);
      if (v.kind === 'received') clearDraft(userId);
      if ('outcome' in v && v.outcome) setChurch(v.outcome.churchName);
    };
    const poll = (left: number) => {
      timer = setTimeout(() => {
        const ask: Promise<SettlementAnswer> =
          returned.provider === 'paystack'
            ? paystackTransactionCheck(ref).then((a) => {
                ref = a.transactionReference || ref;
                return a;
              })
            : confirmDonation(returned.id, returned.txnref);
        ask.then(
          (a) => {
            const v = viewOf(a, returned);
            if (v.kind !== 'pending') show(v);
            else if (left > 1) poll(left - 1);
            else show({ ...v, polling: false });
          },
          (err: unknown) => {
            // a lost answer while waiting: keep waiting, then offer to check again
            if (left > 1 && (err instanceof NetworkError || err instanceof TimeoutError)) poll(left - 1);
            else show(errorView(err));
          },
        );
      }, POLL_MS);
    };
    setView({ kind: 'confirming' });
    confirmDonation(returned.id, returned.txnref).then(
      (a) => {
        const v = viewOf(a, returned);
        show(v);
        if (v.kind === 'pending') poll(POLLS);
      },
      (err: unknown) => show(errorView(err)),
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [returned, run, userId]);

  const again = useCallback(() => setRun((r) => r + 1), []);
  const tryAgain = (
    <Link className="pp-button pp-button-primary" to={back}>
      Try again
    </Link>
  );

  return (
    <GiveLayout
      embedded={embedded}
      church={form ? { name: form.churchName, logo: form.churchLogo } : church ? { name: church, logo: null } : null}
    >
      <section className="pp-card gv-thanks" aria-live="polite">
        {view.kind === 'confirming' ? (
          <div className="gv-thanks-busy">
            <Spinner large />
            <h1 className="pp-title">Confirming your gift…</h1>
            <p className="pp-muted">We are checking your payment with the provider. This takes a few seconds.</p>
          </div>
        ) : null}

        {view.kind === 'received' ? (
          <>
            <div className="gv-thanks-mark gv-thanks-ok" aria-hidden>
              ✓
            </div>
            <h1 className="pp-title pp-center">Thank you!</h1>
            <p className="pp-center pp-muted">{T.succeeded.replace('Thank you! ', '')}</p>
            <Receipt outcome={view.outcome} />
            <div className="gv-actions">
              <Link className="pp-button pp-button-primary" to={back}>
                Give again
              </Link>
              {giver ? (
                <Link className="pp-button" to={`/transactionpage/${userId}`}>
                  Your Transactions
                </Link>
              ) : (
                <Link className="pp-button" to={`/signuppayment/${userId}`}>
                  Create an account
                </Link>
              )}
            </div>
          </>
        ) : null}

        {view.kind === 'pending' ? (
          <>
            <div className="gv-thanks-mark gv-thanks-wait" aria-hidden>
              {view.polling ? <Spinner large /> : '…'}
            </div>
            <h1 className="pp-title pp-center">{T.pending}</h1>
            <p className="pp-center pp-muted">
              {view.polling ? 'Waiting for the payment provider to confirm your payment…' : T.stillPending}
            </p>
            {view.outcome ? <Receipt outcome={view.outcome} /> : null}
            {view.polling ? null : (
              <div className="gv-actions">
                <button type="button" className="pp-button pp-button-primary" onClick={again}>
                  Check again
                </button>
              </div>
            )}
          </>
        ) : null}

        {view.kind === 'flagged' ? (
          <>
            <div className="gv-thanks-mark gv-thanks-warn" aria-hidden>
              !
            </div>
            <h1 className="pp-title pp-center">Payment received</h1>
            <Notice kind="warning">{T.flagged}</Notice>
            <Receipt outcome={view.outcome} />
          </>
        ) : null}

        {view.kind === 'failed' ? (
          <>
            <div className="gv-thanks-mark gv-thanks-bad" aria-hidden>
              ✕
            </div>
            <h1 className="pp-title pp-center">{T.failed}</h1>
            <p className="pp-center pp-muted">No money was taken for this gift. You can try again.</p>
            <div className="gv-actions">{tryAgain}</div>
          </>
        ) : null}

        {view.kind === 'cancelled' ? (
          <>
            <div className="gv-thanks-mark gv-thanks-bad" aria-hidden>
              ✕
            </div>
            <h1 className="pp-title pp-center">{T.cancelled}</h1>
            <p className="pp-center pp-muted">Nothing was paid. What you typed is still on the giving page.</p>
            <div className="gv-actions">{tryAgain}</div>
          </>
        ) : null}

        {view.kind === 'error' ? (
          <>
            <Notice kind="error">{view.text}</Notice>
            <div className="gv-actions">
              <button type="button" className="pp-button pp-button-primary" onClick={again}>
                Check again
              </button>
              <Link className="pp-button" to={back}>
                Back to giving
              </Link>
            </div>
          </>
        ) : null}

        {view.kind === 'missing' ? (
          <>
            <Notice kind="warning">{T.missingReference}</Notice>
            <div className="gv-actions">
              <Link className="pp-button pp-button-primary" to={back}>
                Go to the giving page
              </Link>
            </div>
          </>
        ) : null}
      </section>
    </GiveLayout>
  );
}

/** /give/:userId/thanks: the return from the provider's checkout. */
export function GiveThanksPage() {
  return <ThanksPage embedded={false} />;
}

/** /iframe/:userId/thanks: the same inside the church's frame. */
export function IframeThanksPage() {
  return <ThanksPage embedded />;
}
