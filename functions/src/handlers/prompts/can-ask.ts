import { storytellerParamsSchema } from '@storyloom/shared/schemas/prompts';
import { canAsk } from '../../domain/prompts/ask.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storytellerParamsSchema }, async ({ user, params }) =>
  ok(await canAsk(user.id, params.id)),
);
