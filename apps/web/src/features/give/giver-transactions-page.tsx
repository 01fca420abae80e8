import type { TGiverContribution } from '@steward/contracts/donations';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { giverHistory } from '../../api/give.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { GatewayLogo } from '../../components/public-page/gateway-logo.tsx';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { GiveLayout } from './give-layout.tsx';
import { clearGiverSession, readGiverSession } from './giver-session.ts';
import { decimalsOf, formatMajor } from './money.ts';
import { GIVE_TEXT as T } from './texts.ts';
import { usePublicForm } from './use-public-form.ts';

/*
 * /transactionpage/:userId? ('Your Transactions', giving spec 2.8; existing-client-api §3.5):
 * the signed-in giver's gifts through POST /mobile/v1/PaymentForm/contributions with the giver's
 * token. Search (memo, date, amount, gateway), a date range with its search button, 'Sort by
 * Newest', and a printable list under 'YOUR TRANSACTIONS'. Plain React, the public-page kit and give.css.
 */

const DAY = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** MM/DD/YYYY of an ISO date or timestamp (spec §9), or the text as given. */
function showDay(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : DAY.format(t);
}

const money = (r: TGiverContribution) => formatMajor(r.amount, r.currency, decimalsOf(r.currency));

type Load = { kind: 'loading' } | { kind: 'ready'; rows: TGiverContribution[] } | { kind: 'failed'; text: string };

function PrintIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d="M6 2h12v5H6V2zm-2 7h16a2 2 0 0 1 2 2v6h-4v5H6v-5H2v-6a2 2 0 0 1 2-2zm4 8v3h8v-5H8v2zm10-5a1 1 0 1 0 0 2 1 1 0 0 0 0-2z" />
    </svg>
  );
}

/** 'Your Transactions' of the signed-in giver; without a giver session, the sign-in page. */
export function GiverTransactionsPage() {
  const { userId } = useParams();
  const navigate = useNavigate();
  const [session] = useState(readGiverSession);
  const { state: formState } = usePublicForm(userId);
  const form = formState.kind === 'ready' ? formState.form : null;
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [range, setRange] = useState<{ start: string; end: string; n: number }>({ start: '', end: '', n: 0 });
  const [search, setSearch] = useState('');
  const [newestFirst, setNewestFirst] = useState(true);
  const signIn = userId ? `/signinpayment/${userId}` : '/signinpayment';

  useEffect(() => {
    if (!session) return;
    const abort = new AbortController();
    setLoad({ kind: 'loading' });
    giverHistory(
      session.giverToken,
      {
        startDate: range.start || null,
        endDate: range.end || null,
        userId: session.giverId,
        tenantId: session.tenantId,
      },
      abort.signal,
    ).then(
      (rows) => setLoad({ kind: 'ready', rows }),
      (err: unknown) => {
        if (abort.signal.aborted) return;
        if (err instanceof HttpError && err.status === 401) {
          clearGiverSession();
          void navigate(signIn, { replace: true, state: { notice: T.sessionEnded } });
          return;
        }
        setLoad({
          kind: 'failed',
          text:
            err instanceof NetworkError || err instanceof TimeoutError
              ? T.networkDisrupted
              : err instanceof HttpError && err.serverMessage
                ? err.serverMessage
                : T.loadFailed,
        });
      },
    );
    return () => abort.abort();
  }, [session, range, navigate, signIn]);

  const rows = useMemo(() => {
    if (load.kind !== 'ready') return [];
    const q = search.trim().toLowerCase();
    const found = q
      ? load.rows.filter((r) =>
          [r.memo, showDay(r.date), r.date, money(r), String(r.amount), r.paymentGatewayName].some((t) =>
            t.toLowerCase().includes(q),
          ),
        )
      : load.rows;
    const sorted = [...found].sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    return newestFirst ? sorted : sorted.reverse();
  }, [load, search, newestFirst]);

  if (!session) return <Navigate to={signIn} replace state={{ notice: 'Sign in to see your transactions' }} />;

  const searchDates = (event: FormEvent) => {
    event.preventDefault();
    setRange((r) => ({ start, end, n: r.n + 1 }));
  };

  const signOut = () => {
    clearGiverSession();
    void navigate(userId ? `/give/${userId}` : signIn);
  };

  return (
    <GiveLayout wide church={form ? { name: form.churchName, logo: form.churchLogo } : null}>
      <div className="pp-noprint">
        <div className="gv-row-between">
          {userId ? (
            <Link className="pp-link" to={`/give/${userId}`}>
              ← Give
            </Link>
          ) : (
            <span />
          )}
          <span className="pp-muted pp-small">
            {session.name || session.email} ·{' '}
            <button type="button" className="pp-link-button" onClick={signOut}>
              Sign out
            </button>
          </span>
        </div>
        <section className="pp-card">
          <div className="gv-row-between">
            <h1 className="pp-title">Your Transactions</h1>
            <button
              type="button"
              className="gv-icon-button"
              onClick={() => window.print()}
              disabled={load.kind !== 'ready'}
              title="Download or print"
            >
              <PrintIcon />
              <span className="visually-hidden">Download or print</span>
            </button>
          </div>
          <div className="gv-toolbar">
            <input
              className="pp-input"
              type="search"
              placeholder="Search..."
              aria-label="Search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <form className="gv-dates" onSubmit={searchDates}>
              <div>
                <label className="pp-label" htmlFor="gv-start">
                  Start date
                </label>
                <input
                  id="gv-start"
                  className="pp-input"
                  type="date"
                  value={start}
                  max={end || undefined}
                  onChange={(e) => setStart(e.target.value)}
                />
              </div>
              <div>
                <label className="pp-label" htmlFor="gv-end">
                  End date
                </label>
                <input
                  id="gv-end"
                  className="pp-input"
                  type="date"
                  value={end}
                  min={start || undefined}
                  onChange={(e) => setEnd(e.target.value)}
                />
              </div>
              <button type="submit" className="gv-icon-button gv-dates-search" title="Search these dates">
                <svg viewBox="0 0 24 24" aria-hidden focusable="false">
                  <path d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.38A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z" />
                </svg>
                <span className="gv-dates-search-text">Search dates</span>
              </button>
            </form>
          </div>
          <div className="gv-sort">
            <button type="button" className="pp-link-button" onClick={() => setNewestFirst((n) => !n)}>
              {newestFirst ? 'Sort by Newest' : 'Sort by Oldest'}
            </button>
            {load.kind === 'ready' ? (
              <span className="pp-muted pp-small">
                {rows.length} {rows.length === 1 ? 'gift' : 'gifts'}
              </span>
            ) : null}
          </div>
          {load.kind === 'loading' ? (
            <div className="gv-empty">
              <Spinner large />
            </div>
          ) : null}
          {load.kind === 'failed' ? (
            <div className="gv-state">
              <Notice kind="error">{load.text}</Notice>
              <button type="button" className="pp-button" onClick={() => setRange((r) => ({ ...r, n: r.n + 1 }))}>
                Try again
              </button>
            </div>
          ) : null}
          {load.kind === 'ready' && rows.length === 0 ? <p className="gv-empty">{T.noTransactions}</p> : null}
          {rows.length ? (
            <ul className="gv-tx-list" aria-label="Your transactions">
              {rows.map((r, n) => (
                <li key={`${r.reference}-${r.memo}-${n}`} className="gv-tx">
                  <span className="gv-tx-memo">{r.memo}</span>
                  <span className="gv-tx-amount">{money(r)}</span>
                  <span className="gv-tx-meta">
                    <span>{showDay(r.date)}</span>
                    <GatewayLogo name={r.paymentGatewayName} compact />
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      </div>
      <div className="gv-print">
        <h1>YOUR TRANSACTIONS</h1>
        <table>
          <thead>
            <tr>
              <th>Memo</th>
              <th>Date</th>
              <th>Payment gateway</th>
              <th>Amount</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, n) => (
              <tr key={`${r.reference}-${r.memo}-${n}`}>
                <td>{r.memo}</td>
                <td>{showDay(r.date)}</td>
                <td>{r.paymentGatewayName}</td>
                <td>{money(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </GiveLayout>
  );
}
