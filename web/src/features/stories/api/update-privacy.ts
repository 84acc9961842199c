import { fallback } from '@storyloom/shared/messages';
import type { PrivacyInput, StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { storyKeys } from './get-story.ts';

/** PUT /api/stories/{id}/privacy {is_public, is_private, allow_comments}: answers the owner's view of the story. */
export function updatePrivacy(id: string, input: PrivacyInput): Promise<StoryDto> {
  return api.put<StoryDto>(`/api/stories/${encodeURIComponent(id)}/privacy`, input, {
    fallback: fallback.updatePrivacy,
  });
}

export function useUpdatePrivacy(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PrivacyInput) => updatePrivacy(id, input),
    onSuccess: (story) => {
      client.setQueryData(storyKeys.detail(id), story);
      return client.invalidateQueries({ queryKey: storyKeys.mine() });
    },
  });
}
