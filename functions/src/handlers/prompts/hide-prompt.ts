import { hidePromptSchema, promptParamsSchema } from '@storyloom/shared/schemas/prompts';
import { setPromptHidden } from '../../domain/prompts/browse.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: promptParamsSchema, body: hidePromptSchema },
  async ({ user, params, body }) => ok(await setPromptHidden(user.id, params.id, body.hidden)),
);
