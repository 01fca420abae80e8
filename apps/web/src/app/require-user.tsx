import { useQuery } from '@tanstack/react-query';
import { Button, Layout, Result, Skeleton } from 'antd';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getCurrentUser } from '../api/auth.ts';
import { HttpError, NetworkError } from '../api/http.ts';
import { authKeys } from '../api/query-keys.ts';
import { NetworkErrorState } from '../components/network-error-state.tsx';
import { CurrentUserContext } from './current-user.ts';

function GuardSkeleton() {
  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }} aria-busy="true" aria-label="Loading">
      <Skeleton.Input active size="large" style={{ width: 240, marginBottom: 24 }} />
      <Skeleton active paragraph={{ rows: 8 }} />
    </Layout>
  );
}

/**
 * The auth guard of /tenant/* (spec §6): GetCurrentSignedInUser must succeed. Skeleton while
 * it loads; a 401 goes to /signin, remembering where the user was going.
 */
export function RequireUser() {
  const location = useLocation();
  const user = useQuery({ queryKey: authKeys.currentUser(), queryFn: getCurrentUser, staleTime: 5 * 60 * 1000 });

  if (user.isPending) return <GuardSkeleton />;
  if (user.isError) {
    const err = user.error;
    if (err instanceof HttpError && err.status === 401) {
      return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
    }
    if (err instanceof NetworkError) return <NetworkErrorState onRetry={() => void user.refetch()} />;
    return (
      <Result
        status="error"
        title="We could not load your account"
        subTitle={err.message}
        extra={<Button onClick={() => void user.refetch()}>Try again</Button>}
      />
    );
  }
  return (
    <CurrentUserContext value={user.data}>
      <Outlet />
    </CurrentUserContext>
  );
}
