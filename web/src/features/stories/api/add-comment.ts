import type { CommentResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { commentText } from '../utils/comment-text.ts';

/** POST /api/stories/{id}/comments {text}. */
export function addComment(storyId: string, text: string): Promise<CommentResponse> {
  return api.post<CommentResponse>(
    `/api/stories/${encodeURIComponent(storyId)}/comments`,
    { text },
    { fallback: commentText.addFailed },
  );
}
