import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './not-found-page.tsx';

/** The router's error boundary: a render error or a failed lazy route load. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <Result
      status="error"
      title="Something went wrong"
      subTitle="Reload the page to try again."
      extra={<Button onClick={() => window.location.reload()}>Reload</Button>}
    />
  );
}
