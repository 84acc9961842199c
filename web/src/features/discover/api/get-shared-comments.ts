import { commentText } from '@storyloom/shared/messages/reading';
import type { StoryCommentsResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMorePages } from '#web/lib/cursor-pages.ts';

/** When older comments cannot be loaded (ours: the spec shows no comment screen). */
export const OLDER_COMMENTS_FAILED = commentText.loadFailed;

/** GET /shared/{shareToken}/comments?cursor: comments older than the ones the shared view carried. */
export function getSharedComments(
  tokenOrId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<StoryCommentsResponse> {
  return api.get<StoryCommentsResponse>(`/shared/${encodeURIComponent(tokenOrId)}/comments`, {
    query: { cursor: cursor ?? undefined },
    signal,
    fallback: OLDER_COMMENTS_FAILED,
  });
}

/** The shared story's older comments, a page per "Load More Comments", oldest first. */
export function useOlderSharedComments(tokenOrId: string, story: StoryDto) {
  const { pages, more } = useMorePages(
    ['discover', 'shared-comments', tokenOrId] as const,
    (cursor, signal) => getSharedComments(tokenOrId, cursor, signal),
    story.comments_next_cursor ?? null,
  );
  return { comments: [...pages].reverse().flatMap((p) => p.comments), more };
}
