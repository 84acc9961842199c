import { promptParamsSchema } from '@storyloom/shared/schemas/prompts';
import { getPrompt } from '../../domain/prompts/browse.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: promptParamsSchema }, async ({ user, params }) =>
  ok(await getPrompt(user.id, params.id)),
);
