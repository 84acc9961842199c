import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { updateCachedStory } from './get-story.ts';

/** DELETE /api/shares/{shareId}. */
export function removeShare(shareId: string): Promise<unknown> {
  return api.delete(`/api/shares/${encodeURIComponent(shareId)}`, { fallback: fallback.removeShare });
}

export function useRemoveShare(storyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeShare,
    onSuccess: (_answer, shareId) =>
      updateCachedStory(client, storyId, (s) => ({ ...s, shared_with: s.shared_with.filter((x) => x.id !== shareId) })),
  });
}
