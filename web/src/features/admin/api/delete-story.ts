import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';

/** DELETE /api/admin/stories/{id}: the story and everything of it. */
export function deleteStory(id: string): Promise<unknown> {
  return api.delete(`/api/admin/stories/${encodeURIComponent(id)}`, { fallback: fallback.adminDelete });
}
