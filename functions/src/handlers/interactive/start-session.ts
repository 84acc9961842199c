import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { startOwnerSession } from '../../domain/interactive/sessions.ts';
import { created, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) =>
  created(await startOwnerSession(params.id, user.id)),
);
