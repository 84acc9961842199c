import { storyReadingText } from '@storyloom/shared/messages/reading';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { type QueryClient, queryOptions, useQuery } from '#web/lib/queries.ts';

/** The stories feature's query keys: every key starts with `stories`, so one invalidation reaches all. */
export const storyKeys = {
  all: ['stories'] as const,
  mine: () => ['stories', 'mine'] as const,
  detail: (id: string) => ['stories', 'detail', id] as const,
};

/** GET /api/stories/{id}: the story with its comments (and, for the owner, its shares and link token). */
export function getStory(id: string, opts: { signal?: AbortSignal; fallback?: string } = {}): Promise<StoryDto> {
  return api.get<StoryDto>(`/api/stories/${encodeURIComponent(id)}`, {
    signal: opts.signal,
    fallback: opts.fallback ?? storyReadingText.loadStory,
  });
}

export const storyQueryOptions = (id: string) =>
  queryOptions({ queryKey: storyKeys.detail(id), queryFn: ({ signal }) => getStory(id, { signal }) });

export function useStory(id: string, opts: { fresh?: boolean } = {}) {
  // `fresh`: the edit form starts from the stored version, never from a copy cached a minute ago.
  return useQuery({ ...storyQueryOptions(id), ...(opts.fresh ? { staleTime: 0, refetchOnMount: 'always' } : {}) });
}

/** Applies a change the server confirmed to the cached story (no refetch needed). */
export function updateCachedStory(client: QueryClient, id: string, update: (story: StoryDto) => StoryDto): void {
  client.setQueryData<StoryDto>(storyKeys.detail(id), (story) => (story ? update(story) : story));
}
