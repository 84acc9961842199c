import { fallback } from '@storyloom/shared/messages';
import type { CreateStoryInput, StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';

/** POST /api/stories: a new text story (private until its owner says otherwise). */
export function createStory(input: CreateStoryInput): Promise<StoryDto> {
  return api.post<StoryDto>('/api/stories', input, { fallback: fallback.createStory });
}
