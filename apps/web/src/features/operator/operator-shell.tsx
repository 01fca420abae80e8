import { App as AntApp, Flex, Layout, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The frame of the platform operator's pages (issue 9 'Sender IDs'): a plain header 'Steward
 * operator' (no church menu: the operator is not a church user), `actions` on its right (the
 * signed-in e-mail, Sign out), and the page under it, at most 1200 px wide. Gives antd's App
 * context (message, modal) to `children`.
 */
export function OperatorShell({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  return (
    <AntApp>
      <Layout style={{ minHeight: '100vh' }}>
        <Layout.Header
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 12,
            borderBottom: '1px solid #eceef4',
            paddingInline: 16,
          }}
        >
          <Flex align="center" gap={10} style={{ minWidth: 0 }}>
            <span
              aria-hidden
              style={{
                display: 'inline-grid',
                placeItems: 'center',
                width: 32,
                height: 32,
                borderRadius: 8,
                background: '#3b5bdb',
                color: '#fff',
                fontWeight: 700,
                lineHeight: 1,
                flex: 'none',
              }}
            >
              S
            </span>
            <Typography.Text strong style={{ fontSize: 17, whiteSpace: 'nowrap' }}>
              Steward operator
            </Typography.Text>
          </Flex>
          {actions ? (
            <Flex align="center" gap={12} style={{ minWidth: 0 }}>
              {actions}
            </Flex>
          ) : null}
        </Layout.Header>
        <Layout.Content style={{ padding: 'clamp(12px, 3vw, 24px)' }}>
          <div style={{ maxWidth: 1200, margin: '0 auto' }}>{children}</div>
        </Layout.Content>
      </Layout>
    </AntApp>
  );
}
