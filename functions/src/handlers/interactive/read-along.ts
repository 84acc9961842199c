import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { ownerReadAlong } from '../../domain/interactive/read-along.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) =>
  ok(await ownerReadAlong(params.id, user.id)),
);
