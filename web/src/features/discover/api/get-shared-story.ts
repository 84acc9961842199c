import { storyReadingText as storyFallback } from '@storyloom/shared/messages/reading';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { queryOptions, useQuery } from '#web/lib/queries.ts';

/** GET /shared/{shareToken}: a story by its share-link token, or a public story by its id. */
export function getSharedStory(tokenOrId: string, signal?: AbortSignal): Promise<StoryDto> {
  return api.get<StoryDto>(`/shared/${encodeURIComponent(tokenOrId)}`, { signal, fallback: storyFallback.loadStory });
}

export const sharedStoryQueryOptions = (tokenOrId: string) =>
  queryOptions({
    queryKey: ['discover', 'shared', tokenOrId],
    queryFn: ({ signal }) => getSharedStory(tokenOrId, signal),
    // A revoked link must stop showing the story on the next visit, not after the cache ages.
    staleTime: 0,
  });

export function useSharedStory(tokenOrId: string) {
  return useQuery(sharedStoryQueryOptions(tokenOrId));
}
