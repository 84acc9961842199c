import { shareSchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { shareStory } from '../../domain/stories/sharing.ts';
import { route, withStatus } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: shareSchema },
  async ({ user, params, body }) => {
    const { created, body: result } = await shareStory(params.id, user.id, body);
    return withStatus(created ? 201 : 200, result);
  },
);
