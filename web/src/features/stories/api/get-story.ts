import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** GET /api/stories/{id}: the story with its comments (and, for the owner, its shares and link token). */
export function getStory(id: string, opts: { signal?: AbortSignal; fallback: string }): Promise<StoryDto> {
  return api.get<StoryDto>(`/api/stories/${encodeURIComponent(id)}`, opts);
}
