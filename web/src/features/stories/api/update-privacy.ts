import { fallback } from '@storyloom/shared/messages';
import type { PrivacyInput, StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** PUT /api/stories/{id}/privacy {is_public, is_private, allow_comments}: answers the owner's view of the story. */
export function updatePrivacy(id: string, input: PrivacyInput): Promise<StoryDto> {
  return api.put<StoryDto>(`/api/stories/${encodeURIComponent(id)}/privacy`, input, {
    fallback: fallback.updatePrivacy,
  });
}
