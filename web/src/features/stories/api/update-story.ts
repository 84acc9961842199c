import { fallback } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { ApiError, api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { storyKeys } from './get-story.ts';

/** What the edit form sends (spec section 5: trimmed values, and dates or null). */
export interface StoryUpdate {
  title: string;
  content: string;
  location?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  /** The version the edit started from: an older one than the stored story's gets 409 (issue 11). */
  version?: number;
}

/** PUT /api/stories/{id}. */
export function updateStory(id: string, update: StoryUpdate): Promise<StoryDto> {
  return api.put<StoryDto>(`/api/stories/${encodeURIComponent(id)}`, update, { fallback: fallback.updateStory });
}

export function useUpdateStory(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (update: StoryUpdate) => updateStory(id, update),
    onSuccess: (story) => {
      client.setQueryData(storyKeys.detail(id), story);
      return client.invalidateQueries({ queryKey: storyKeys.mine() });
    },
  });
}

/** A 409 from a save based on an older version: the server's message and the story as stored now. */
export function conflictOf(error: unknown): { message: string; current: StoryDto } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data;
  if (typeof data !== 'object' || data === null || !('current' in data)) return null;
  const current = (data as { current: unknown }).current;
  if (typeof current !== 'object' || current === null) return null;
  return { message: error.message, current: current as StoryDto };
}
