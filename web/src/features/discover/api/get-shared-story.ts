import { fallback } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** GET /shared/{shareToken}: a story by its share-link token, or a public story by its id. */
export function getSharedStory(tokenOrId: string, signal?: AbortSignal): Promise<StoryDto> {
  return api.get<StoryDto>(`/shared/${encodeURIComponent(tokenOrId)}`, { signal, fallback: fallback.loadStory });
}
