import { Spin } from 'antd';

/** Shown while the first route's code loads. */
export function RouteLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} aria-busy="true" aria-label="Loading">
      <Spin size="large" />
    </div>
  );
}
