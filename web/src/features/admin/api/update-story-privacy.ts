import { fallback } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { updateCachedStories } from './get-stories.ts';

/** PUT /api/admin/stories/{id}/privacy {is_public}. */
export function updateStoryPrivacy(id: string, isPublic: boolean): Promise<StoryDto> {
  return api.put<StoryDto>(
    `/api/admin/stories/${encodeURIComponent(id)}/privacy`,
    { is_public: isPublic },
    { fallback: fallback.adminPrivacy },
  );
}

export function useAdminStoryPrivacy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) => updateStoryPrivacy(id, isPublic),
    onSuccess: (updated, { id }) =>
      updateCachedStories(client, (all) =>
        all.map((s) => (s.ID === id ? { ...s, is_public: updated.is_public, is_private: !updated.is_public } : s)),
      ),
  });
}
