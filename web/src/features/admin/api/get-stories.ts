import { fallback } from '@storyloom/shared/messages';
import type { AdminStoriesResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** GET /api/admin/stories, newest first; pass the previous page's `next_cursor` for more. */
export function getStories(cursor: string | null, signal?: AbortSignal): Promise<AdminStoriesResponse> {
  return api.get<AdminStoriesResponse>('/api/admin/stories', {
    query: { cursor: cursor ?? undefined },
    signal,
    fallback: fallback.adminStories,
  });
}
