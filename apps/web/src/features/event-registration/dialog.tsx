import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A modal dialog of the registration page (plain markup, event-registration.css): a title, the
 * content, Escape closes it, the focus goes into it as it opens and back where it was as it closes.
 */
export function Dialog({
  title,
  onClose,
  children,
  className,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>('input, select, button:not(.er-dialog-x)');
    (first ?? box.current)?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, []);
  return (
    <div className="er-overlay">
      <div
        ref={box}
        tabIndex={-1}
        className={className ? `er-dialog ${className}` : 'er-dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <div className="er-dialog-head">
          <h2 id={titleId} className="er-dialog-title">
            {title}
          </h2>
          <button type="button" className="er-dialog-x" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** The success popup (spec §4): 'Registration Successful!' / 'You have registered for this event successfully!'. */
export function SuccessDialog({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  return (
    <Dialog title={title} onClose={onClose} className="er-success">
      <span className="er-success-mark" aria-hidden>
        ✓
      </span>
      <p className="er-success-text">{text}</p>
      <button type="button" className="pp-submit" onClick={onClose}>
        OK
      </button>
    </Dialog>
  );
}
