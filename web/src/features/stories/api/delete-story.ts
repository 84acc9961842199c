import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';

/** DELETE /api/stories/{id}: the story and everything of it (shares, comments, link). */
export function deleteStory(id: string): Promise<unknown> {
  return api.delete(`/api/stories/${encodeURIComponent(id)}`, { fallback: fallback.deleteStory });
}
