import { fallback } from '@storyloom/shared/messages';
import type { ShareLinkResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { updateCachedStory } from './get-story.ts';

/** POST /api/stories/{id}/share-link: the story's link (the existing one if there is one). */
export function createShareLink(id: string): Promise<ShareLinkResponse> {
  return api.post<ShareLinkResponse>(`/api/stories/${encodeURIComponent(id)}/share-link`, undefined, {
    fallback: fallback.generateLink,
  });
}

export function useCreateShareLink(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createShareLink(id),
    onSuccess: (link) => updateCachedStory(client, id, (s) => ({ ...s, share_token: link.share_token })),
  });
}
