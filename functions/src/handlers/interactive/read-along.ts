import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { userReadAlong } from '../../domain/interactive/read-along.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) =>
  ok(await userReadAlong(params.id, user.id)),
);
