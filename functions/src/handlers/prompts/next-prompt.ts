import { nextPromptQuerySchema } from '@storyloom/shared/schemas/prompts';
import { anotherPrompt } from '../../domain/prompts/browse.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', query: nextPromptQuerySchema }, async ({ user, query }) =>
  ok(await anotherPrompt(user.id, query.exclude ?? [])),
);
