// The shell takes these three from their own files, not from the packages' index: esbuild puts every
// file that the index reaches (observers, every hook) into the chunk of whatever imports the index,
// so importing it here would put the routes' query code into every page's initial JavaScript
// (docs/web.md, "Initial JavaScript"). Same files as the index's, so one context and one cache.
import { QueryClient } from '../../../node_modules/@tanstack/query-core/build/modern/queryClient.js';
import { ApiError } from './api-client.ts';

export {
  QueryClientProvider,
  useQueryClient,
} from '../../../node_modules/@tanstack/react-query/build/modern/QueryClientProvider.js';

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
