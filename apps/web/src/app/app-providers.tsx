import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { queryCache } from './query-cache.ts';
import { antdTheme } from './theme.ts';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Follows the reader's "reduce motion" setting (the media query), as it changes. */
function subscribeToMotionSetting(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the reader asked their system for less motion (prefers-reduced-motion: reduce). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeToMotionSetting,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Query cache and antd theme, around every page but the sign-in page (issue 7 'Speed': that
 * page is plain React and CSS, and downloads neither antd nor TanStack Query). The router gives
 * them to the pages it loads (src/app/router.tsx); the auth guard (require-user.tsx) to every
 * /tenant page, with antd's App context (message, notification, modal). A reader whose system
 * asks for reduced motion gets antd without its animations (token `motion: false`: dialogs,
 * drawers, menus and messages appear and go at once; WCAG 2.3.3).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...antdTheme, token: { ...antdTheme.token, motion: false } } : antdTheme),
    [reducedMotion],
  );
  return (
    <QueryClientProvider client={queryCache}>
      <ConfigProvider theme={theme}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
