import { fallback } from '@storyloom/shared/messages';
import type { MyStoriesResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** GET /api/stories: the user's own stories and the ones shared with them. */
export function getMyStories(signal?: AbortSignal): Promise<MyStoriesResponse> {
  return api.get<MyStoriesResponse>('/api/stories', { signal, fallback: fallback.loadStories });
}
