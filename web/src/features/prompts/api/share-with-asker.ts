import { promptText } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/**
 * POST /api/stories/{id}/share: the stories' own by-name sharing (read permission), offered after a family
 * question was answered. The asker hears of it from the family digest email (docs/family-loop.md).
 */
export function useShareWithAsker(storyId: string) {
  return useMutation({
    mutationFn: (username: string) =>
      api.post<{ message: string }>(
        `/api/stories/${encodeURIComponent(storyId)}/share`,
        { username, permission: 'read' },
        { fallback: promptText.shareFailed },
      ),
  });
}
