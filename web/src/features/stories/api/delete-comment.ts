import { api } from '#web/lib/api-client.ts';
import { commentText } from '../utils/comment-text.ts';

/** DELETE /api/stories/{id}/comments/{commentId}: the writer or the story's owner. */
export function deleteComment(storyId: string, commentId: string): Promise<unknown> {
  return api.delete(`/api/stories/${encodeURIComponent(storyId)}/comments/${encodeURIComponent(commentId)}`, {
    fallback: commentText.deleteFailed,
  });
}
