/**
 * Shown while the first route's code loads: a plain CSS spinner in the theme's primary colour,
 * so the entry chunk does not carry antd's Spin (issue 7 'Speed').
 */
export function RouteLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} aria-busy="true" aria-label="Loading">
      <style>{'@keyframes steward-spin{to{transform:rotate(360deg)}}'}</style>
      <span
        aria-hidden
        style={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          border: '3px solid rgba(59,91,219,0.2)',
          borderTopColor: '#3b5bdb',
          animation: 'steward-spin 0.8s linear infinite',
        }}
      />
    </div>
  );
}
