import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { createShareLink } from '../../domain/stories/sharing.ts';
import { route, withStatus } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) => {
  const { created, body } = await createShareLink(params.id, user.id);
  return withStatus(created ? 201 : 200, body);
});
