import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';

/** DELETE /api/stories/{id}/share-link: the link stops working at once. */
export function revokeShareLink(id: string): Promise<unknown> {
  return api.delete(`/api/stories/${encodeURIComponent(id)}/share-link`, { fallback: fallback.revokeLink });
}
