import { createAudioStorySchema } from '@storyloom/shared/media';
import { createAudioStory } from '../../domain/media/audio-stories.ts';
import { created, route } from '../../lib/http.ts';

/** POST /api/stories/audio: an audio story from a presigned upload (the spec leaves this call open). */
export const handler = route({ auth: 'user', body: createAudioStorySchema }, async ({ user, body }) =>
  created(await createAudioStory(user.id, body)),
);
