import { useState, type ReactNode } from 'react';
import './public-page.css';

/*
 * The public-page kit's frame and small parts (giving, check-in, event registration): plain
 * markup and public-page.css, no antd, so that the pages a visitor opens on a phone stay small
 * (issue 10 'Speed'). A page adds its own class on the root (`className`: gv-page, ck-page,
 * er-page) and scopes its own stylesheet's changes to the kit under it.
 */

/**
 * The church's logo, or its initial in a circle when it has none (or the image fails to load).
 * `logo` is an absolute URL or a path of this site.
 */
export function ChurchMark({ name, logo }: { name: string; logo: string | null }) {
  const [broken, setBroken] = useState(false);
  const initial = name.trim().charAt(0).toUpperCase() || 'S';
  return logo && !broken ? (
    <img
      className="pp-church-logo"
      src={logo}
      alt=""
      width={40}
      height={40}
      decoding="async"
      onError={() => setBroken(true)}
    />
  ) : (
    <span className="pp-church-logo pp-church-initial" aria-hidden>
      {initial}
    </span>
  );
}

/**
 * The frame of a public page (issue 10 'Public pages', issue 11 'Public self check-in', issue 12).
 * With the page chrome (`embedded` false): a header band with the church's logo and name (a blank
 * band while the church is not known), the content in a column (full width on a phone, 560 px on
 * a desktop, 760 px when `wide`) and a footer ('Powered by Steward', after a line naming the
 * payment providers when `payments`). From 600 px wide the background is a light gradient unless
 * `tinted` is false. Embedded (/iframe/{id}, a frame of 720 by 1190 on the church's site): the
 * content alone on white, no header band nor footer.
 */
export function PublicLayout({
  church,
  embedded = false,
  wide = false,
  tinted = true,
  payments = false,
  className,
  children,
}: {
  /** the church of the page, when known (the header band shows it) */
  church?: { name: string; logo: string | null } | null;
  embedded?: boolean;
  /** a wider column (the giver's transactions list) */
  wide?: boolean;
  /** the gradient background on wider screens (the giving and registration pages) */
  tinted?: boolean;
  /** the footer's line on the payment providers (pages that take money) */
  payments?: boolean;
  /** the page's own class on the root, under which its stylesheet scopes its rules */
  className?: string;
  children: ReactNode;
}) {
  const main = wide ? 'pp-main pp-wide' : 'pp-main';
  const root = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ');
  if (embedded)
    return (
      <div className={root('pp-page pp-embedded', className)}>
        <main className={main}>{children}</main>
      </div>
    );
  return (
    <div className={root('pp-page', tinted && 'pp-tinted', className)}>
      <header className="pp-topbar pp-noprint">
        <div className={wide ? 'pp-topbar-inner pp-wide' : 'pp-topbar-inner'}>
          {church ? (
            <>
              <ChurchMark name={church.name} logo={church.logo} />
              <span className="pp-topbar-name">{church.name}</span>
            </>
          ) : (
            <span className="pp-topbar-name" aria-hidden>
              &nbsp;
            </span>
          )}
        </div>
      </header>
      <main className={main}>{children}</main>
      <footer className="pp-footer pp-noprint">
        {payments ? (
          <>
            Payments are processed securely by Paystack and Flutterwave. Your card details never reach the church.
            <br />
          </>
        ) : null}
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
    <div className={`pp-notice pp-notice-${kind}`} role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}>
      <span className="pp-notice-icon" aria-hidden>
        {kind === 'success' ? '✓' : kind === 'info' ? 'i' : '!'}
      </span>
      <div>
        {title ? <strong className="pp-notice-title">{title}</strong> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}

/** The spinner of a busy button or a loading page (CSS only). */
export function Spinner({ large = false }: { large?: boolean }) {
  return <span className={large ? 'pp-spinner pp-spinner-large' : 'pp-spinner'} aria-hidden />;
}
