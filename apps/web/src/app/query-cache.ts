import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../api/http.ts';
import { registerQueryClient } from './query-client.ts';

/**
 * The app's query cache (TanStack Query), loaded with the first page that uses it. Client errors
 * (4xx) are not retried; network and server errors are retried once. Registered with
 * query-client.ts, whose handle the entry chunk uses to clear it.
 */
export const queryCache = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
registerQueryClient(queryCache);
