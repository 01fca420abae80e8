import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '../api/query-keys.ts';

/*
 * The entry chunk's handle on the query cache, without TanStack Query (issue 7 'Speed'): the
 * cache itself (query-cache.ts) loads with the pages that use it (app-providers.tsx), never
 * with the sign-in page. Until then there is no cache, and nothing to clear.
 */
let client: QueryClient | null = null;

/** Called once by query-cache.ts when the cache is created. */
export function registerQueryClient(created: QueryClient): void {
  client = created;
}

/**
 * What the entry chunk and the sign-in page do with the cache: `clear()` drops every answer of
 * the old session (the 401 handler of main.tsx); `forgetCurrentUser()` drops the signed-in user's
 * answers (after a sign-in), so that the auth guard asks again. Both do nothing before the cache
 * exists.
 */
export const queryClient = {
  clear(): void {
    client?.clear();
  },
  forgetCurrentUser(): void {
    client?.removeQueries({ queryKey: authKeys.all });
  },
};
