import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { updateCachedStories } from './get-stories.ts';

/** DELETE /api/admin/stories/{id}: the story and everything of it. */
export function deleteStory(id: string): Promise<unknown> {
  return api.delete(`/api/admin/stories/${encodeURIComponent(id)}`, { fallback: fallback.adminDelete });
}

export function useAdminDeleteStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_answer, id) => updateCachedStories(client, (all) => all.filter((s) => s.ID !== id)),
  });
}
