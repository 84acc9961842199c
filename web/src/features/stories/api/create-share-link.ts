import { fallback } from '@storyloom/shared/messages';
import type { ShareLinkResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** POST /api/stories/{id}/share-link: the story's link (the existing one if there is one). */
export function createShareLink(id: string): Promise<ShareLinkResponse> {
  return api.post<ShareLinkResponse>(`/api/stories/${encodeURIComponent(id)}/share-link`, undefined, {
    fallback: fallback.generateLink,
  });
}
