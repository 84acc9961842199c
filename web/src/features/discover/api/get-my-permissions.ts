import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { ApiError, api } from '#web/lib/api-client.ts';
import { useQuery } from '#web/lib/queries.ts';

/**
 * What the signed-in reader may do with a private story opened by its share link. Public routes never
 * know the reader (docs/stories.md), so the link's view cannot say whether they may comment; the
 * signed-in GET /api/stories/{id} can. A 404 (not shared with them) is an answer, not an error: null.
 */
async function getMyPermissions(storyId: string, signal?: AbortSignal): Promise<StoryDto['permissions'] | null> {
  try {
    const story = await api.get<StoryDto>(`/api/stories/${encodeURIComponent(storyId)}`, { signal });
    return story.permissions;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return null;
    throw error;
  }
}

export function useMyPermissions(storyId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['discover', 'my-permissions', storyId],
    queryFn: ({ signal }) => getMyPermissions(storyId, signal),
    enabled,
    retry: false,
  });
}
