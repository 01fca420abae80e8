import type { ReactNode } from 'react';

/**
 * What main.tsx puts around the router: nothing heavy (issue 7 'Speed'). The query cache and
 * the antd theme (AppProviders, app-providers.tsx) load with the pages that use them, so the
 * sign-in page downloads neither TanStack Query nor antd.
 */
export function Providers({ children }: { children: ReactNode }) {
  return children;
}
