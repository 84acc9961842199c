import { fallback } from '@storyloom/shared/messages';
import type { AdminStoriesResponse, StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { cursorPagesOptions } from '#web/lib/cursor-pages.ts';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '#web/lib/queries.ts';

/** GET /api/admin/stories, newest first; pass the previous page's `next_cursor` for more. */
export function getStories(cursor: string | null, signal?: AbortSignal): Promise<AdminStoriesResponse> {
  return api.get<AdminStoriesResponse>('/api/admin/stories', {
    query: { cursor: cursor ?? undefined },
    signal,
    fallback: fallback.adminStories,
  });
}

export const adminStoriesKey = ['admin', 'stories'] as const;

/** Every story, a page at a time ("Load More Stories" fetches the next). */
export const adminStoriesQueryOptions = () => cursorPagesOptions(adminStoriesKey, getStories);

export function useAdminStories() {
  return useInfiniteQuery(adminStoriesQueryOptions());
}

/** Changes the loaded rows after a change the server confirmed (no refetch, the reader keeps their place). */
export function updateCachedStories(client: QueryClient, update: (stories: StoryDto[]) => StoryDto[]): void {
  client.setQueryData<InfiniteData<AdminStoriesResponse>>(adminStoriesKey, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, stories: update(p.stories) })) } : data,
  );
}
