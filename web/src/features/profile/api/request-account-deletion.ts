import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/** POST /api/profile/request-delete-account: mails a 6-digit code (a new request replaces the last). */
export function requestAccountDeletion(): Promise<{ message?: string } | undefined> {
  return api.post('/api/profile/request-delete-account', undefined, { fallback: fallback.startDeletion });
}

export function useRequestAccountDeletion() {
  return useMutation({ mutationFn: requestAccountDeletion });
}
