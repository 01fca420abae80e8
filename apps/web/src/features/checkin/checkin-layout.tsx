import { useEffect, useRef, type ReactNode } from 'react';
import { PublicLayout } from '../../components/public-page/public-layout.tsx';
import './checkin.css';

/*
 * The frame and the success popup of the public check-in page: the public-page kit's frame
 * (components/public-page/public-layout.tsx) with the page's class (`ck-page`, under which
 * checkin.css scopes its changes to the kit), a plain background and no payments line.
 */

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
    <PublicLayout church={church} tinted={false} className="ck-page">
      {children}
    </PublicLayout>
  );
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
        <button ref={ok} type="button" className="pp-button pp-button-primary ck-dialog-ok" onClick={onClose}>
          OK
        </button>
      </div>
    </div>
  );
}
