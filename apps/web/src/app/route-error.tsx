import { isRouteErrorResponse, useRouteError } from 'react-router';

/** antd's primary / default Button, drawn in plain CSS (the theme's colours and radius). */
const button = (primary: boolean) =>
  ({
    display: 'inline-flex',
    alignItems: 'center',
    height: 32,
    padding: '4px 15px',
    borderRadius: 8,
    border: `1px solid ${primary ? '#3b5bdb' : '#d9d9d9'}`,
    background: primary ? '#3b5bdb' : '#fff',
    color: primary ? '#fff' : 'rgba(0,0,0,0.88)',
    font: 'inherit',
    fontSize: 14,
    textDecoration: 'none',
    cursor: 'pointer',
  }) as const;

/**
 * The router's error boundary: a render error or a failed lazy route load (a 404 answer shows
 * 'Page not found'). Plain markup without antd, so that the entry chunk stays small (issue 7
 * 'Speed'): it may show before any page, and antd, has loaded.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <div
      role="alert"
      style={{
        minHeight: '60vh',
        display: 'grid',
        placeItems: 'center',
        padding: 24,
        fontFamily:
          "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
        fontSize: 14,
        color: 'rgba(0,0,0,0.88)',
      }}
    >
      <div style={{ textAlign: 'center', maxWidth: 420 }}>
        <h1 style={{ fontSize: 24, fontWeight: 600, margin: '0 0 8px' }}>
          {notFound ? 'Page not found' : 'Something went wrong'}
        </h1>
        <p style={{ color: 'rgba(0,0,0,0.45)', margin: '0 0 16px' }}>
          {notFound ? 'The page you are looking for does not exist.' : 'Reload the page to try again.'}
        </p>
        {notFound ? (
          <a href="/tenant" style={button(true)}>
            Go to the dashboard
          </a>
        ) : (
          <button type="button" style={button(false)} onClick={() => window.location.reload()}>
            Reload
          </button>
        )}
      </div>
    </div>
  );
}
