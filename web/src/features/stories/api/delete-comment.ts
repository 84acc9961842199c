import { commentText } from '@storyloom/shared/messages/reading';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { removeCachedOlderComment } from './get-comments.ts';
import { updateCachedStory } from './get-story.ts';

/** DELETE /api/stories/{id}/comments/{commentId}: the writer or the story's owner. */
export function deleteComment(storyId: string, commentId: string): Promise<unknown> {
  return api.delete(`/api/stories/${encodeURIComponent(storyId)}/comments/${encodeURIComponent(commentId)}`, {
    fallback: commentText.deleteFailed,
  });
}

export function useDeleteComment(storyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(storyId, commentId),
    onSuccess: (_answer, commentId) => {
      updateCachedStory(client, storyId, (s) => ({ ...s, comments: s.comments.filter((c) => c.id !== commentId) }));
      removeCachedOlderComment(client, storyId, commentId);
    },
  });
}
