import { fallback } from '@storyloom/shared/messages';
import type { ShareInput, ShareResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** POST /api/stories/{id}/share {username, permission}: a new share, or a new permission for an existing one. */
export function shareStory(id: string, input: ShareInput): Promise<ShareResponse> {
  return api.post<ShareResponse>(`/api/stories/${encodeURIComponent(id)}/share`, input, {
    fallback: fallback.shareStory,
  });
}
