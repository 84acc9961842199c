import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useQuery } from '#web/lib/queries.ts';

/** GET /verify-email?token= -> {message}. A link works once: call it once per token. */
export function verifyEmail(token: string): Promise<{ message?: string } | undefined> {
  return api.get('/verify-email', { query: { token }, fallback: fallback.verifyFailed });
}

/**
 * The verification of one link. The query cache runs it once per token however often React renders
 * or mounts (StrictMode runs effects twice): a second call would find the link spent. Never retried,
 * never refetched, and not cancelled when the page unmounts (no signal).
 */
export function useVerifyEmail(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: () => verifyEmail(token ?? ''),
    enabled: token !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
