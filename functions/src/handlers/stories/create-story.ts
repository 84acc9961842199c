import { createStorySchema } from '@storyloom/shared/schemas/stories';
import { createStory } from '../../domain/stories/stories.ts';
import { created, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', body: createStorySchema }, async ({ user, body }) =>
  created(await createStory(user.id, body)),
);
