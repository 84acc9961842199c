import { fallback } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useQuery } from '#web/lib/queries.ts';

/** GET /api/stories/{id}: the whole story (admins may read any), when the list carried only its start. */
export function getStory(id: string, signal?: AbortSignal): Promise<StoryDto> {
  return api.get<StoryDto>(`/api/stories/${encodeURIComponent(id)}`, { signal, fallback: fallback.loadStory });
}

/** The whole story, fetched only when `id` is given (a long story the list cut short). */
export function useAdminStory(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'story', id],
    queryFn: ({ signal }) => getStory(id ?? '', signal),
    enabled: id !== null,
  });
}
