import { QueryClient } from '@tanstack/react-query';
import { HttpError } from '../api/http.ts';

/**
 * The app's query client. Client errors (4xx) are not retried; network and server errors are
 * retried once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof HttpError && err.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});
