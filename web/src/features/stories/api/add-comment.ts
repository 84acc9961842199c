import { commentText } from '@storyloom/shared/messages/reading';
import type { CommentResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { updateCachedStory } from './get-story.ts';

/** POST /api/stories/{id}/comments {text}. */
export function addComment(storyId: string, text: string): Promise<CommentResponse> {
  return api.post<CommentResponse>(
    `/api/stories/${encodeURIComponent(storyId)}/comments`,
    { text },
    { fallback: commentText.addFailed },
  );
}

export function useAddComment(storyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addComment(storyId, text),
    onSuccess: ({ comment }) =>
      updateCachedStory(client, storyId, (s) => ({ ...s, comments: [...s.comments, comment] })),
  });
}
