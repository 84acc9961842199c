import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * The one QueryClient of the SPA: server state (lists, stories, voice status, narration progress)
 * lives here, in each feature's `api/` as queries and mutations. A 4xx is an answer, not a
 * glitch, so only network failures and 5xx are retried.
 */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
