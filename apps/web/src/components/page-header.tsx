import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons shown on the right (wrapping under the title on narrow screens). */
  actions?: ReactNode;
}

/** The heading row of a page: h1 title and actions. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 20 }}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
      </div>
      {actions ? (
        <Flex gap={8} wrap>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
