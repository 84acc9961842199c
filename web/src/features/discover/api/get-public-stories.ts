import { PUBLIC_PAGE_SIZE } from '@storyloom/shared/constants';
import { fallback } from '@storyloom/shared/messages';
import type { PublicStoriesResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '#web/lib/queries.ts';

/** GET /public/stories?page&limit: one page of public stories, newest first. */
export function getPublicStories(page: number, signal?: AbortSignal): Promise<PublicStoriesResponse> {
  return api.get<PublicStoriesResponse>('/public/stories', {
    query: { page, limit: PUBLIC_PAGE_SIZE },
    signal,
    fallback: fallback.loadPublicStories,
  });
}

export const publicStoriesQueryOptions = (page: number) =>
  queryOptions({ queryKey: ['discover', 'public', page], queryFn: ({ signal }) => getPublicStories(page, signal) });

export function usePublicStories(page: number) {
  return useQuery(publicStoriesQueryOptions(page));
}
