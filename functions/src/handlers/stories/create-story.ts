import { createStorySchema } from '@storyloom/shared/schemas/stories';
import { createStory } from '../../domain/stories/stories.ts';
import { route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', body: createStorySchema }, async ({ user, body }) => ({
  status: 201,
  body: await createStory(user.id, body),
}));
