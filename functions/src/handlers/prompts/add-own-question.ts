import { ownQuestionSchema } from '@storyloom/shared/schemas/prompts';
import { addOwnQuestion } from '../../domain/prompts/browse.ts';
import { created, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', body: ownQuestionSchema }, async ({ user, body }) =>
  created(await addOwnQuestion(user.id, body)),
);
