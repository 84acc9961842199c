import { storyParamsSchema, updateStorySchema } from '@storyloom/shared/schemas/stories';
import { updateStory } from '../../domain/stories/stories.ts';
import { route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: updateStorySchema },
  async ({ user, params, body }) => ({ ...(await updateStory(params.id, user.id, body)) }),
);
