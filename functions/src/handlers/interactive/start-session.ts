import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { startUserSession } from '../../domain/interactive/sessions.ts';
import { created, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) =>
  created(await startUserSession(params.id, user.id)),
);
