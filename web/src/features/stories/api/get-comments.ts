import { commentText } from '@storyloom/shared/messages/reading';
import type { StoryCommentsResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMorePages } from '#web/lib/cursor-pages.ts';
import type { InfiniteData, QueryClient } from '#web/lib/queries.ts';

/** A page of older comments (oldest first within the page; the next page holds older ones still). */
export type CommentsPage = StoryCommentsResponse;

/** The key of a story's older comments (the newest ones come with the story). */
export const olderCommentsKey = (storyId: string) => ['stories', 'comments', storyId] as const;

/** GET /api/stories/{id}/comments?cursor: comments older than the ones the story view carried. */
export function getStoryComments(storyId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentsPage> {
  return api.get<CommentsPage>(`/api/stories/${encodeURIComponent(storyId)}/comments`, {
    query: { cursor: cursor ?? undefined },
    signal,
    fallback: commentText.loadFailed,
  });
}

/** Where the older comments start: the story view's cursor, when it has older ones. */
export function olderCommentsCursor(story: StoryDto): string | null {
  return story.comments_next_cursor ?? null;
}

/** A story's older comments, a page per "Load More Comments"; `comments` in reading order (oldest first). */
export function useOlderComments(story: StoryDto) {
  const { pages, more } = useMorePages(
    olderCommentsKey(story.ID),
    (cursor, signal) => getStoryComments(story.ID, cursor, signal),
    olderCommentsCursor(story),
  );
  return { comments: [...pages].reverse().flatMap((p) => p.comments), more };
}

/** Drops a deleted comment from the older pages already loaded. */
export function removeCachedOlderComment(client: QueryClient, storyId: string, commentId: string): void {
  client.setQueriesData<InfiniteData<CommentsPage>>({ queryKey: olderCommentsKey(storyId) }, (data) =>
    data
      ? { ...data, pages: data.pages.map((p) => ({ ...p, comments: p.comments.filter((c) => c.id !== commentId) })) }
      : data,
  );
}
