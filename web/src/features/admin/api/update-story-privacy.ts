import { fallback } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** PUT /api/admin/stories/{id}/privacy {is_public}. */
export function updateStoryPrivacy(id: string, isPublic: boolean): Promise<StoryDto> {
  return api.put<StoryDto>(
    `/api/admin/stories/${encodeURIComponent(id)}/privacy`,
    { is_public: isPublic },
    { fallback: fallback.adminPrivacy },
  );
}
