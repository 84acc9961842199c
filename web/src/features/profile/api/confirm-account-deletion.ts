import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/** POST /api/profile/confirm-delete-account {token: the emailed code}: deletes the account for good. */
export function confirmAccountDeletion(input: { token: string }): Promise<{ message?: string } | undefined> {
  return api.post('/api/profile/confirm-delete-account', input, { fallback: fallback.deleteAccount });
}

export function useConfirmAccountDeletion() {
  return useMutation({ mutationFn: confirmAccountDeletion });
}
