import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { updateCachedStory } from './get-story.ts';

/** DELETE /api/stories/{id}/share-link: the link stops working at once. */
export function revokeShareLink(id: string): Promise<unknown> {
  return api.delete(`/api/stories/${encodeURIComponent(id)}/share-link`, { fallback: fallback.revokeLink });
}

export function useRevokeShareLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokeShareLink(id),
    onSuccess: () => updateCachedStory(client, id, (s) => ({ ...s, share_token: null })),
  });
}
