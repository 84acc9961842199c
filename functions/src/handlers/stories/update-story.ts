import { storyParamsSchema, updateStorySchema } from '@storyloom/shared/schemas/stories';
import { updateStory } from '../../domain/stories/stories.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: updateStorySchema },
  async ({ user, params, body }) => ok(await updateStory(params.id, user.id, body)),
);
