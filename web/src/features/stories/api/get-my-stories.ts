import { fallback } from '@storyloom/shared/messages';
import type { MyStoriesResponse, SharedWithMeResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { cursorPagesOptions, useMorePages } from '#web/lib/cursor-pages.ts';
import { useInfiniteQuery } from '#web/lib/queries.ts';
import { storyKeys } from './get-story.ts';

/**
 * GET /api/stories?cursor: a page of the user's own stories; the first page also carries the first
 * stories shared with them (`shared_next_cursor` goes on with GET /api/shared-with-me).
 */
export function getMyStories(cursor: string | null, signal?: AbortSignal): Promise<MyStoriesResponse> {
  return api.get<MyStoriesResponse>('/api/stories', {
    query: { cursor: cursor ?? undefined },
    signal,
    fallback: fallback.loadStories,
  });
}

/** GET /api/shared-with-me?cursor: the next page of the stories shared with the user. */
export function getSharedWithMe(cursor: string | null, signal?: AbortSignal): Promise<SharedWithMeResponse> {
  return api.get<SharedWithMeResponse>('/api/shared-with-me', {
    query: { cursor: cursor ?? undefined },
    signal,
    fallback: fallback.loadStories,
  });
}

/** The dashboard's own stories, a page at a time ("Load More Stories"). */
export function useMyStories() {
  return useInfiniteQuery(cursorPagesOptions(storyKeys.mine(), getMyStories));
}

/** The stories shared with the user past the first page (which came with GET /api/stories). */
export function useMoreSharedWithMe(start: string | null) {
  return useMorePages([...storyKeys.mine(), 'shared'] as const, getSharedWithMe, start);
}
