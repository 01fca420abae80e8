import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  confirmRegistrationPayment,
  getFamilyRoles,
  getPeopleLookups,
  getRegistrationFields,
  takeRegistrationEvent,
  type Choice,
  type RegistrationEvent,
  type RegistrationField,
} from '../../api/event-registration.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { Notice, PublicLayout, Spinner } from '../../components/public-page/public-layout.tsx';
import { decimalsOf, formatMajor, formatMinor, readAmount } from '../give/money.ts';
import { SuccessDialog } from './dialog.tsx';
import { pendingKey } from './payment-dialog.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { calendarLinks, eventDay, isClosed, readFlags } from './registration-logic.ts';
import { REG_TEXT as T } from './texts.ts';
import './event-registration.css';

/*
 * The public event registration page /event/{checkinId} (issue 12; spec 2.12-2.14;
 * existing-client-api §5.1): plain React and CSS (the public-page kit for the shared parts,
 * plus event-registration.css), no antd and no zod, for a phone on a slow network. The event is asked
 * for as the route matches (router.tsx); the lookups follow it. The page is also where the
 * provider's checkout returns (?provider=&trxref= / tx_ref=&transaction_id=&status=): it confirms
 * the payment there (POST /ConfirmEventRegistrationPayment) and shows the outcome.
 */

type Load = { state: 'loading' } | { state: 'failed'; text: string } | { state: 'ready'; event: RegistrationEvent };

interface Extras {
  fields: RegistrationField[];
  genders: Choice[];
  maritalStatuses: Choice[];
  roles: Choice[];
}

/** The provider's return in the query (Paystack trxref/reference; Flutterwave tx_ref, transaction_id, status). */
function readReturn(q: URLSearchParams): { id: string | null; txnref: string; cancelled: boolean } | null {
  const paystack = q.get('trxref') ?? q.get('reference');
  if (paystack) return { id: paystack, txnref: paystack, cancelled: false };
  const tx = q.get('tx_ref');
  if (tx) return { id: q.get('transaction_id'), txnref: tx, cancelled: q.get('status') === 'cancelled' };
  return null;
}

type Paid =
  | { state: 'none' }
  | { state: 'confirming' }
  | { state: 'done' }
  | { state: 'cancelled'; text?: string }
  | { state: 'failed'; text: string }
  | { state: 'pending'; text: string };

/** The page: banner, event, then the closed state or the registration, Add to Calendar, footer. */
export function EventRegistrationPage() {
  const { checkinId = '' } = useParams();
  const [query, setQuery] = useSearchParams();
  const flags = useMemo(() => readFlags(query), [query]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [extras, setExtras] = useState<Extras>({ fields: [], genders: [], maritalStatuses: [], roles: [] });
  const [closedNow, setClosedNow] = useState(false);
  const [paid, setPaid] = useState<Paid>({ state: 'none' });
  const returned = useMemo(() => readReturn(query), [query]);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    takeRegistrationEvent(checkinId)
      .then((event) => {
        if (!live) return;
        setLoad({ state: 'ready', event });
        // the form's extras: registration works without them (the existing client goes on too)
        void Promise.all([
          getRegistrationFields(event.tenantID).catch(() => [] as RegistrationField[]),
          getPeopleLookups().catch(() => ({ genders: [], maritalStatuses: [] })),
          getFamilyRoles().catch(() => [] as Choice[]),
        ]).then(([fields, lookups, roles]) => {
          if (live) setExtras({ fields, ...lookups, roles });
        });
      })
      .catch((err: unknown) => {
        if (!live) return;
        setLoad({
          state: 'failed',
          text:
            err instanceof HttpError && err.status === 404
              ? T.notFoundEvent
              : err instanceof NetworkError
                ? T.registerNetwork
                : err instanceof TimeoutError
                  ? T.registerTimeout
                  : T.loadFailed,
        });
      });
    return () => {
      live = false;
    };
  }, [checkinId]);

  // back from the provider's checkout: confirm once, then take the provider's words off the address
  useEffect(() => {
    if (!returned) return;
    const clean = () => {
      const next = new URLSearchParams(query);
      for (const k of ['provider', 'trxref', 'reference', 'tx_ref', 'transaction_id', 'status']) next.delete(k);
      setQuery(next, { replace: true });
    };
    try {
      sessionStorage.removeItem(pendingKey(checkinId));
    } catch {
      // nothing kept
    }
    if (returned.cancelled) {
      setPaid({ state: 'cancelled' });
      clean();
      return;
    }
    setPaid({ state: 'confirming' });
    confirmRegistrationPayment(returned.id, returned.txnref)
      .then((a) => {
        const ps = a.returnObject.paymentStatus;
        const released = a.returnObject.registrationStatus === 'released';
        if (a.status) setPaid({ state: 'done' });
        // the payer left the checkout (Paystack's Abandon): the server released the places
        else if (ps === 'abandoned' || ps === 'cancelled' || (ps === 'pending' && released))
          setPaid({ state: 'cancelled', text: a.message });
        else if (ps === 'pending') setPaid({ state: 'pending', text: a.message || T.pending });
        else setPaid({ state: 'failed', text: a.message || T.confirmFailed });
      })
      .catch((err: unknown) =>
        setPaid({
          state: 'failed',
          text: err instanceof HttpError && err.serverMessage ? err.serverMessage : T.confirmFailed,
        }),
      )
      .finally(clean);
    // once per return
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned?.txnref]);

  // the page closes by itself at the cut-off (spec §4)
  const cutOff = load.state === 'ready' ? load.event.registrationCutOffTime : null;
  useEffect(() => {
    if (!cutOff) return;
    const ms = new Date(cutOff).getTime() - Date.now();
    if (!Number.isFinite(ms) || ms <= 0 || ms >= 2 ** 31 - 1) return;
    const t = setTimeout(() => setClosedNow(true), ms);
    return () => clearTimeout(t);
  }, [cutOff]);

  if (load.state !== 'ready')
    return (
      <PublicLayout payments className="er-page">
        <section className="pp-card">
          {load.state === 'loading' ? (
            <div className="er-loading" role="status">
              <Spinner large />
              <p>Loading…</p>
            </div>
          ) : (
            <Notice kind="error">{load.text}</Notice>
          )}
        </section>
      </PublicLayout>
    );

  const { event } = load;
  const closed = closedNow || isClosed(event);
  const decimals = decimalsOf(event.currency);
  const isPaid = event.paymentFormId !== null && event.registrationAmount > 0;
  const feeText = (places: number) => {
    const read = readAmount(String(event.registrationAmount), decimals);
    return 'minor' in read
      ? formatMinor(read.minor * BigInt(places), event.currency, decimals)
      : formatMajor(event.registrationAmount * places, event.currency, decimals);
  };
  const pageUrl = `${window.location.origin}/event/${encodeURIComponent(checkinId)}`;
  const links = calendarLinks(event, pageUrl);

  return (
    <PublicLayout payments className="er-page" church={{ name: event.churchName, logo: event.churchLogo }}>
      {event.bannerUrl ? <img className="er-banner" src={event.bannerUrl} alt="" decoding="async" /> : null}
      <section className="pp-card er-head">
        <h1 className="pp-title er-name">
          {event.fullEventName}
          {isPaid ? <span className="er-amount"> - {feeText(1)}</span> : null}
        </h1>
        <p className="er-sub">{T.subtitle}</p>
        <p className="er-date">{eventDay(event.eventDate)}</p>
        {event.eventDetails ? <p className="er-details">{event.eventDetails}</p> : null}
      </section>

      {paid.state === 'confirming' ? (
        <div className="er-loading" role="status">
          <Spinner large />
          <p>{T.confirming}</p>
        </div>
      ) : paid.state === 'failed' || paid.state === 'pending' || paid.state === 'cancelled' ? (
        <Notice
          kind={paid.state === 'pending' ? 'info' : 'warning'}
          title={paid.state === 'cancelled' ? T.cancelled : undefined}
        >
          {paid.text}
        </Notice>
      ) : null}

      <section className="pp-card">
        {closed ? (
          <div className="er-closed">
            <svg className="er-closed-mark" viewBox="0 0 48 48" aria-hidden>
              <rect x="6" y="10" width="36" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
              <path d="M6 19h36M16 6v8M32 6v8M18 26l12 10M30 26L18 36" stroke="currentColor" strokeWidth="3" />
            </svg>
            <p className="er-closed-text">{T.closed}</p>
            <p className="pp-muted">{T.closedHelp}</p>
          </div>
        ) : (
          <RegistrationForm
            event={event}
            checkinId={checkinId}
            flags={flags}
            fields={extras.fields}
            genders={extras.genders}
            maritalStatuses={extras.maritalStatuses}
            roles={extras.roles}
            paid={isPaid}
            decimals={decimals}
            feeText={feeText}
          />
        )}
      </section>

      {!closed ? (
        <section className="pp-card er-calendar" aria-labelledby="er-cal-title">
          <h2 className="pp-section-title" id="er-cal-title">
            Add to Calendar
          </h2>
          <div className="er-cal-links">
            <a className="pp-button" href={event.calendarUrl} download>
              Calendar file (.ics)
            </a>
            {links ? (
              <>
                <a className="pp-button" href={links.google} target="_blank" rel="noopener noreferrer">
                  Google Calendar
                </a>
                <a className="pp-button" href={links.outlook} target="_blank" rel="noopener noreferrer">
                  Outlook
                </a>
              </>
            ) : null}
          </div>
        </section>
      ) : null}

      {paid.state === 'done' ? (
        <SuccessDialog title={T.successTitle} text={T.success} onClose={() => setPaid({ state: 'none' })} />
      ) : null}
    </PublicLayout>
  );
}
