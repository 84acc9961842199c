import { fallback } from '@storyloom/shared/messages';
import type { MyStoriesResponse } from '@storyloom/shared/schemas/stories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { storyKeys } from './get-story.ts';

/** GET /api/stories: the user's own stories and the ones shared with them. */
export function getMyStories(signal?: AbortSignal): Promise<MyStoriesResponse> {
  return api.get<MyStoriesResponse>('/api/stories', { signal, fallback: fallback.loadStories });
}

export const myStoriesQueryOptions = () =>
  queryOptions({ queryKey: storyKeys.mine(), queryFn: ({ signal }) => getMyStories(signal), staleTime: 0 });

export function useMyStories() {
  return useQuery(myStoriesQueryOptions());
}
