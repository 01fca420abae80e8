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
    // a save or a send is always tried: when the browser believes it is offline (a request just
    // failed with 'internet disconnected'), TanStack Query would otherwise pause it and the
    // button would spin forever; tried, it fails with the screen's own error message
    mutations: { retry: false, networkMode: 'always' },
  },
});
registerQueryClient(queryCache);
