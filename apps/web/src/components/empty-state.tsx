import { Empty } from 'antd';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  description: ReactNode;
  children?: ReactNode;
}

/** The empty result of a list or an area: a simple picture, the spec's text and optional actions. */
export function EmptyState({ description, children }: EmptyStateProps) {
  return (
    <div role="status" style={{ padding: '48px 16px' }}>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
        {children}
      </Empty>
    </div>
  );
}
