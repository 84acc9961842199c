import { fallback } from '@storyloom/shared/messages';
import type { CreateStoryInput, StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { storyKeys } from './get-story.ts';

/** POST /api/stories: a new text story (private until its owner says otherwise). */
export function createStory(input: CreateStoryInput): Promise<StoryDto> {
  return api.post<StoryDto>('/api/stories', input, { fallback: fallback.createStory });
}

export function useCreateStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStory,
    onSuccess: (story) => {
      client.setQueryData(storyKeys.detail(story.ID), story);
      return client.invalidateQueries({ queryKey: storyKeys.mine() });
    },
  });
}
