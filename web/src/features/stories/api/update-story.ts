import { fallback } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** What the edit form sends (spec section 5: trimmed values, and dates or null). */
export interface StoryUpdate {
  title: string;
  content: string;
  location?: string | null;
  start_date?: string | null;
  end_date?: string | null;
}

/** PUT /api/stories/{id}. */
export function updateStory(id: string, update: StoryUpdate): Promise<StoryDto> {
  return api.put<StoryDto>(`/api/stories/${encodeURIComponent(id)}`, update, { fallback: fallback.updateStory });
}
