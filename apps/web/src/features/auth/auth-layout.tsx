import type { ReactNode } from 'react';
import './auth.css';

/**
 * The centred card of the public sign-in and sign-up pages. Plain markup and CSS (auth.css, the
 * antd theme's colours and sizes) rather than antd's Card, Typography or theme hook, so that the
 * sign-in page downloads no antd at all (issue 7 'Speed'). `width` is the card's maximum width in
 * CSS pixels.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
}) {
  return (
    <div className="auth-page">
      <main className="auth-main" style={{ maxWidth: width }}>
        <div className="auth-brand">
          <span aria-hidden className="auth-brand-mark">
            S
          </span>
          <strong className="auth-brand-name">Steward</strong>
        </div>
        <section className="auth-card">
          <h1 className="auth-title">{title}</h1>
          {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
          {children}
        </section>
      </main>
    </div>
  );
}
