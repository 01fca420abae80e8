import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { queryCache } from './query-cache.ts';
import { antdTheme } from './theme.ts';

/**
 * Query cache and antd theme, around every page but the sign-in page (issue 7 'Speed': that
 * page is plain React and CSS, and downloads neither antd nor TanStack Query). The router gives
 * them to the pages it loads (src/app/router.tsx); the auth guard (require-user.tsx) to every
 * /tenant page, with antd's App context (message, notification, modal).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryCache}>
      <ConfigProvider theme={antdTheme}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
