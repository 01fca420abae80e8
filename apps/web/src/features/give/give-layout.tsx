import { useState, type ReactNode } from 'react';
import './give.css';

/**
 * The church's logo, or its initial in a circle when it has none (or the image fails to load).
 * `logo` is an absolute URL or a path of this site.
 */
export function ChurchMark({ name, logo }: { name: string; logo: string | null }) {
  const [broken, setBroken] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || 'S';
  return logo && !broken ? (
    <img
      className="gv-church-logo"
      src={logo}
      alt=""
      width={40}
      height={40}
      decoding="async"
      onError={() => setBroken(true)}
    />
  ) : (
    <span className="gv-church-logo gv-church-initial" aria-hidden>
      {initial}
    </span>
  );
}

/**
 * The frame of the public giving pages (issue 10 'Public pages'): plain markup and CSS
 * (give.css), no antd (issue 10 'Speed'). With the page chrome (`embedded` false): a header
 * band with the church's logo and name, the content in a column (full width on a phone, 560 px
 * on a desktop) and a footer naming the payment providers. Embedded (/iframe/{id}, a frame of
 * 720 by 1190 on the church's site): the content alone on white, no header band nor footer.
 */
export function GiveLayout({
  church,
  embedded = false,
  wide = false,
  children,
}: {
  /** the church of the page, when known (the header band shows it) */
  church?: { name: string; logo: string | null } | null;
  embedded?: boolean;
  /** a wider column (the transactions list) */
  wide?: boolean;
  children: ReactNode;
}) {
  if (embedded)
    return (
      <div className="gv-page gv-embedded">
        <main className={wide ? 'gv-main gv-wide' : 'gv-main'}>{children}</main>
      </div>
    );
  return (
    <div className="gv-page">
      <header className="gv-topbar gv-noprint">
        <div className={wide ? 'gv-topbar-inner gv-wide' : 'gv-topbar-inner'}>
          {church ? (
            <>
              <ChurchMark name={church.name} logo={church.logo} />
              <span className="gv-topbar-name">{church.name}</span>
            </>
          ) : (
            <span className="gv-topbar-name gv-topbar-blank" aria-hidden>
              &nbsp;
            </span>
          )}
        </div>
      </header>
      <main className={wide ? 'gv-main gv-wide' : 'gv-main'}>{children}</main>
      <footer className="gv-footer gv-noprint">
        Payments are processed securely by Paystack and Flutterwave. Your card details never reach the church.
        <br />
        Powered by <strong>Steward</strong>
      </footer>
    </div>
  );
}

/** A full-width notice inside a page: error (red), info (blue), success (green) or warning (amber). */
export function Notice({
  kind,
  title,
  children,
}: {
  kind: 'error' | 'info' | 'success' | 'warning';
  title?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`gv-notice gv-notice-${kind}`} role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}>
      <span className="gv-notice-icon" aria-hidden>
        {kind === 'success' ? '✓' : kind === 'info' ? 'i' : '!'}
      </span>
      <div>
        {title ? <strong className="gv-notice-title">{title}</strong> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}

/** The spinner of a busy button or a loading page (CSS only). */
export function Spinner({ large = false }: { large?: boolean }) {
  return <span className={large ? 'gv-spinner gv-spinner-large' : 'gv-spinner'} aria-hidden />;
}
