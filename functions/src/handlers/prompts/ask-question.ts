import { askQuestionSchema, storytellerParamsSchema } from '@storyloom/shared/schemas/prompts';
import { askStoryteller } from '../../domain/prompts/ask.ts';
import { created, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storytellerParamsSchema, body: askQuestionSchema },
  async ({ user, params, body }) => created(await askStoryteller(user.id, params.id, body)),
);
