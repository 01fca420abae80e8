import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card of the public sign-in and sign-up pages. */
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
    <div
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        padding: '32px 12px',
        background: 'linear-gradient(160deg,#eef2ff 0%,#f5f6fa 45%,#ffffff 100%)',
      }}
    >
      <main style={{ width: '100%', maxWidth: width }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 10, justifyContent: 'center', marginBottom: 20 }}>
          <span
            aria-hidden
            style={{
              width: 36,
              height: 36,
              borderRadius: 10,
              background: 'linear-gradient(135deg,#3b5bdb,#5c7cfa)',
              color: '#fff',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 700,
              fontSize: 18,
            }}
          >
            S
          </span>
          <strong style={{ fontSize: 22 }}>Steward</strong>
        </div>
        <Card>
          <Typography.Title level={1} style={{ fontSize: 22, marginTop: 0, marginBottom: 4 }}>
            {title}
          </Typography.Title>
          {subtitle ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 20 }}>
              {subtitle}
            </Typography.Paragraph>
          ) : null}
          {children}
        </Card>
      </main>
    </div>
  );
}
