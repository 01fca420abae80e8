import { useEffect, useRef, useState, type ReactNode } from 'react';
import './checkin.css';

/*
 * The frame and small parts of the public check-in page (plain markup and checkin.css, no antd):
 * the church band, notices, the spinner and the success popup.
 */

/** The church's logo, or its initial in a circle when it has none (or the image fails to load). */
function ChurchMark({ name, logo }: { name: string; logo: string | null }) {
  const [broken, setBroken] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || 'S';
  return logo && !broken ? (
    <img
      className="ck-logo"
      src={logo}
      alt=""
      width={40}
      height={40}
      decoding="async"
      onError={() => setBroken(true)}
    />
  ) : (
    <span className="ck-logo ck-logo-initial" aria-hidden>
      {initial}
    </span>
  );
}

/**
 * The page's frame: a band with the church's logo and name (when known), the content in a column
 * (full width on a phone, 560 px on a desktop), and the footer.
 */
export function CheckinLayout({
  church,
  children,
}: {
  church?: { name: string; logo: string | null } | null;
  children: ReactNode;
}) {
  return (
    <div className="ck-page">
      <header className="ck-topbar">
        <div className="ck-topbar-inner">
          {church ? (
            <>
              <ChurchMark name={church.name} logo={church.logo} />
              <span className="ck-topbar-name">{church.name}</span>
            </>
          ) : (
            <span className="ck-topbar-name" aria-hidden>
              &nbsp;
            </span>
          )}
        </div>
      </header>
      <main className="ck-main">{children}</main>
      <footer className="ck-footer">
        Powered by <strong>Steward</strong>
      </footer>
    </div>
  );
}

/** A notice inside the page: error (red), warning (amber), info (blue) or success (green). */
export function Notice({
  kind,
  title,
  children,
}: {
  kind: 'error' | 'warning' | 'info' | 'success';
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`ck-notice ck-notice-${kind}`} role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}>
      <span className="ck-notice-icon" aria-hidden>
        {kind === 'success' ? '✓' : kind === 'info' ? 'i' : '!'}
      </span>
      <div>
        {title ? <strong className="ck-notice-title">{title}</strong> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}

/** The spinner of a busy button or a load (CSS only). */
export function Spinner({ large = false }: { large?: boolean }) {
  return <span className={large ? 'ck-spinner ck-spinner-large' : 'ck-spinner'} aria-hidden />;
}

/**
 * The success popup (spec §8 'Check-in submit | success': 'Checked-in!' / 'You have been
 * checked-in successfully!'): a modal dialog whose OK button takes the focus; Escape or OK closes it.
 */
export function SuccessDialog({
  title,
  text,
  note,
  onClose,
}: {
  title: string;
  text: string;
  note?: string | null;
  onClose: () => void;
}) {
  const ok = useRef<HTMLButtonElement>(null);
  // the latest onClose, so that the focus is taken once, when the popup opens
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    ok.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="ck-overlay">
      <div className="ck-dialog" role="dialog" aria-modal="true" aria-labelledby="ck-dialog-title">
        <span className="ck-dialog-mark" aria-hidden>
          ✓
        </span>
        <h2 id="ck-dialog-title" className="ck-dialog-title">
          {title}
        </h2>
        <p className="ck-dialog-text">{text}</p>
        {note ? <p className="ck-dialog-note">{note}</p> : null}
        <button ref={ok} type="button" className="ck-button ck-button-primary ck-dialog-ok" onClick={onClose}>
          OK
        </button>
      </div>
    </div>
  );
}
