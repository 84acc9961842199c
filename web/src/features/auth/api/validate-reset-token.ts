import { fallback } from '@storyloom/shared/messages';
import type { ValidResetToken } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '#web/lib/queries.ts';

/** GET /validate-reset-token?token= -> {valid: true, username}; an invalid link is a 400 {valid: false, error}. */
export function validateResetToken(token: string, signal?: AbortSignal): Promise<ValidResetToken> {
  return api.get<ValidResetToken>('/validate-reset-token', {
    query: { token },
    signal,
    fallback: fallback.resetInvalid,
  });
}

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => validateResetToken(token, signal),
    // The answer holds while the page is open; a spent link is found out on submit.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useResetToken(token: string | null) {
  return useQuery({ ...resetTokenQueryOptions(token ?? ''), enabled: token !== null });
}
