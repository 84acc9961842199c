import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { getStoryForUser } from '../../domain/stories/stories.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) =>
  ok(await getStoryForUser(params.id, user.id)),
);
