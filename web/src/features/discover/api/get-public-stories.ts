import { PUBLIC_PAGE_SIZE } from '@storyloom/shared/constants';
import { fallback } from '@storyloom/shared/messages';
import type { PublicStoriesResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** GET /public/stories?page&limit: one page of public stories, newest first. */
export function getPublicStories(page: number, signal?: AbortSignal): Promise<PublicStoriesResponse> {
  return api.get<PublicStoriesResponse>('/public/stories', {
    query: { page, limit: PUBLIC_PAGE_SIZE },
    signal,
    fallback: fallback.loadPublicStories,
  });
}
