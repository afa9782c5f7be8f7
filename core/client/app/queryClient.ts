import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Reads retry once, never on client errors (4xx): those answers will not change by asking again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
}
