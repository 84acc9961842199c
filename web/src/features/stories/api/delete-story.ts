import { storyFallback as fallback } from '@storyloom/shared/messages/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { storyKeys } from './get-story.ts';

/** DELETE /api/stories/{id}: the story and everything of it (shares, comments, link). */
export function deleteStory(id: string): Promise<unknown> {
  return api.delete(`/api/stories/${encodeURIComponent(id)}`, { fallback: fallback.deleteStory });
}

export function useDeleteStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: storyKeys.detail(id) });
      return client.invalidateQueries({ queryKey: storyKeys.mine() });
    },
  });
}
