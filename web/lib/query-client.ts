import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

// Spec section 9: data queries retry once and do not refetch on window focus. A 4xx will not
// change on retry, so only network and server failures are retried.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
