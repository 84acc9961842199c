import type { CreateAudioStoryInput } from '@storyloom/shared/media';
import { fallback } from '@storyloom/shared/messages';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { uploadMedia } from '#web/lib/upload.ts';

export interface NewAudioStory {
  title: string;
  description: string;
  /** A recording (WAV) or a picked file. */
  audio: Blob;
  fileName?: string;
  onProgress?: (fraction: number) => void;
}

/** POST /api/stories/audio: the story from an upload key (docs/media.md). */
export function createAudioStory(input: CreateAudioStoryInput): Promise<StoryDto> {
  return api.post<StoryDto>('/api/stories/audio', input, { fallback: fallback.createStory });
}

/** Uploads the audio straight to S3 (with progress), then creates the story from it. */
export function useCreateAudioStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ title, description, audio, fileName, onProgress }: NewAudioStory) => {
      const uploadKey = await uploadMedia('story-audio', audio, {
        fallback: fallback.createStory,
        name: fileName,
        onProgress,
      });
      return createAudioStory({ title, description, upload_key: uploadKey });
    },
    // Every list that shows the user's stories is stale now.
    onSuccess: () => client.invalidateQueries(),
  });
}
