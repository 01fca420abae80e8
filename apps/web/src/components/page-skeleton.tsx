import { Skeleton } from 'antd';

/** The loading skeleton of a list or page. */
export function PageSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div aria-busy="true" aria-label="Loading">
      <Skeleton active paragraph={{ rows }} />
    </div>
  );
}
