import type { TWebCheckInEvent } from '@steward/contracts/attendance-public';
import type { TCustomField } from '@steward/contracts/custom-fields';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { getCheckinFields, takeCheckinEvent } from '../../api/checkin.ts';
import { HttpError, NetworkError, TimeoutError } from '../../api/http.ts';
import { CheckinForm } from './checkin-form.tsx';
import { Notice, Spinner } from '../../components/public-page/public-layout.tsx';
import { CheckinLayout } from './checkin-layout.tsx';
import { CHECKIN_TEXT as T } from './texts.ts';

/*
 * The public self check-in page /checkin/e/{code} (issue 11 'Public self check-in'; spec 2.11;
 * existing-client-api §4.2): plain React, the public-page kit and checkin.css, no antd and no zod, for a phone on a
 * slow network. The event's answer is asked for as the route matches (router.tsx), beside this
 * page's chunk; the check-in fields follow it (they need the church's id).
 */

/** The event's day 'YYYY-MM-DDT00:00:00' as MM/DD/YYYY (spec §9), without a time zone shift. */
export function eventDay(eventDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(eventDate);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : eventDate;
}

/** Milliseconds until the cut-off (null: none, or too far away for a timer). */
function msUntil(cutOff: string | null): number | null {
  if (!cutOff) return null;
  const ms = new Date(cutOff).getTime() - Date.now();
  return Number.isFinite(ms) && ms < 2 ** 31 - 1 ? Math.max(0, ms) : null;
}

type Load =
  | { state: 'loading' }
  | { state: 'failed'; text: string }
  | { state: 'ready'; event: TWebCheckInEvent; fields: TCustomField[] | null };

/** The page: the header, then the closed text or the check-in. */
export function PublicCheckinPage() {
  const { code = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [closed, setClosed] = useState(false);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    takeCheckinEvent(code)
      .then((event) => {
        if (!live) return;
        setLoad({ state: 'ready', event, fields: null });
        setClosed(event.isClosed);
        // the fields are the form's extras: the check-in works without them (the existing
        // client, too, goes on when they fail to load)
        getCheckinFields(event.tenantID)
          .catch(() => [] as TCustomField[])
          .then((fields) => {
            if (live) setLoad({ state: 'ready', event, fields });
          });
      })
      .catch((err: unknown) => {
        if (!live) return;
        const text =
          err instanceof HttpError && err.status === 404
            ? T.notFoundEvent
            : err instanceof NetworkError
              ? T.searchNetwork
              : err instanceof TimeoutError
                ? T.searchTimeout
                : T.loadFailed;
        setLoad({ state: 'failed', text });
      });
    return () => {
      live = false;
    };
  }, [code]);

  // the page closes by itself at the cut-off (spec §4: closed at or after checkInCutOffTime)
  const cutOff = load.state === 'ready' ? load.event.checkInCutOffTime : null;
  useEffect(() => {
    const ms = msUntil(cutOff);
    if (ms === null) return;
    const t = setTimeout(() => setClosed(true), ms);
    return () => clearTimeout(t);
  }, [cutOff]);

  const onClosed = useCallback(() => setClosed(true), []);

  if (load.state !== 'ready')
    return (
      <CheckinLayout>
        <section className="pp-card">
          <h1 className="ck-title">{T.title}</h1>
          {load.state === 'loading' ? (
            <div className="ck-loading" role="status">
              <Spinner large />
              <p>Loading…</p>
            </div>
          ) : (
            <Notice kind="error">{load.text}</Notice>
          )}
        </section>
      </CheckinLayout>
    );

  const { event, fields } = load;
  return (
    <CheckinLayout church={{ name: event.churchName, logo: event.churchLogo }}>
      <section className="pp-card">
        <h1 className="ck-title">{T.title}</h1>
        <p className="ck-event">
          <span className="ck-event-name">{event.fullEventName}</span> - {eventDay(event.eventDate)}
        </p>
        {closed ? (
          <div className="ck-closed">
            <svg className="ck-closed-mark" viewBox="0 0 48 48" aria-hidden>
              <rect x="6" y="10" width="36" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
              <path d="M6 19h36M16 6v8M32 6v8M18 26l12 10M30 26L18 36" stroke="currentColor" strokeWidth="3" />
            </svg>
            <p className="ck-closed-text">{T.closed}</p>
          </div>
        ) : (
          // the phone entry does not wait for the fields: they are needed once the search answers
          <CheckinForm event={event} fields={fields ?? []} onClosed={onClosed} />
        )}
      </section>
    </CheckinLayout>
  );
}
