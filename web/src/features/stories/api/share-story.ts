import { fallback } from '@storyloom/shared/messages';
import type { ShareDto, ShareInput, ShareResponse } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { updateCachedStory } from './get-story.ts';

/** POST /api/stories/{id}/share {username, permission}: a new share, or a new permission for an existing one. */
export function shareStory(id: string, input: ShareInput): Promise<ShareResponse> {
  return api.post<ShareResponse>(`/api/stories/${encodeURIComponent(id)}/share`, input, {
    fallback: fallback.shareStory,
  });
}

/** Sharing again with someone changes their permission: replace their entry rather than adding a second. */
function upsert(shares: readonly ShareDto[], share: ShareDto): ShareDto[] {
  return shares.some((s) => s.id === share.id)
    ? shares.map((s) => (s.id === share.id ? share : s))
    : [...shares, share];
}

export function useShareStory(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInput) => shareStory(id, input),
    onSuccess: ({ share }) =>
      updateCachedStory(client, id, (s) => ({ ...s, shared_with: upsert(s.shared_with, share) })),
  });
}
