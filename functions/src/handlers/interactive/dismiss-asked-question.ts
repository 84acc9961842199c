import { askedQuestionParamsSchema } from '@storyloom/shared/interactive';
import { dismissAskedQuestion } from '../../domain/interactive/asked.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: askedQuestionParamsSchema }, async ({ user, params }) =>
  ok(await dismissAskedQuestion(params.id, params.questionId, user.id)),
);
