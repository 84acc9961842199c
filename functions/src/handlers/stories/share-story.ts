import { shareSchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { shareStory } from '../../domain/stories/sharing.ts';
import { route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: shareSchema },
  async ({ user, params, body }) => {
    const { created, body: result } = await shareStory(params.id, user.id, body);
    return { status: created ? 201 : 200, body: result };
  },
);
