import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { askedQuestions } from '../../domain/interactive/asked.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) =>
  ok(await askedQuestions(params.id, user.id)),
);
