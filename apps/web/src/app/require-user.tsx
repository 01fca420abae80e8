import { useQuery } from '@tanstack/react-query';
import { App as AntApp, Layout, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { getCurrentUser } from '../api/auth.ts';
import { HttpError, NetworkError } from '../api/http.ts';
import { authKeys } from '../api/query-keys.ts';
import { AppProviders } from './app-providers.tsx';
import { CurrentUserContext } from './current-user.ts';

// The error screens (antd's Result) load only when the account cannot be loaded.
const NetworkErrorState = lazy(() =>
  import('../components/network-error-state.tsx').then((m) => ({ default: m.NetworkErrorState })),
);
const AccountLoadError = lazy(() => import('./account-load-error.tsx').then((m) => ({ default: m.AccountLoadError })));

function GuardSkeleton() {
  return (
    <Layout style={{ minHeight: '100vh', padding: 24 }} aria-busy="true" aria-label="Loading">
      <Skeleton.Input active size="large" style={{ width: 240, marginBottom: 24 }} />
      <Skeleton active paragraph={{ rows: 8 }} />
    </Layout>
  );
}

/**
 * The auth guard of /tenant/* (spec §6), inside the query cache and antd theme (AppProviders):
 * GetCurrentSignedInUser must succeed. Skeleton while it loads; a 401 goes to /signin,
 * remembering where the user was going. Gives the /tenant pages antd's App context
 * (App.useApp(): message, notification, modal).
 */
export function RequireUser() {
  return (
    <AppProviders>
      <Guard />
    </AppProviders>
  );
}

function Guard() {
  const location = useLocation();
  const user = useQuery({ queryKey: authKeys.currentUser(), queryFn: getCurrentUser, staleTime: 5 * 60 * 1000 });

  if (user.isPending) return <GuardSkeleton />;
  if (user.isError) {
    const err = user.error;
    if (err instanceof HttpError && err.status === 401) {
      return <Navigate to="/signin" replace state={{ from: `${location.pathname}${location.search}` }} />;
    }
    const retry = () => void user.refetch();
    return (
      <Suspense fallback={<GuardSkeleton />}>
        {err instanceof NetworkError ? (
          <NetworkErrorState onRetry={retry} />
        ) : (
          <AccountLoadError message={err.message} onRetry={retry} />
        )}
      </Suspense>
    );
  }
  return (
    <CurrentUserContext value={user.data}>
      <AntApp>
        <Outlet />
      </AntApp>
    </CurrentUserContext>
  );
}
