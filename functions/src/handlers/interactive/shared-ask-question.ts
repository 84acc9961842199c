import { questionSchema, sessionParamsSchema } from '@storyloom/shared/interactive';
import { askQuestion } from '../../domain/interactive/questions.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'public', params: sessionParamsSchema, body: questionSchema },
  async ({ params, body, sourceIp }) =>
    ok(
      await askQuestion(
        params.sessionId,
        { kind: 'shared' },
        { question: body.question, askedAt: body.asked_at, follows: body.follows },
        sourceIp,
      ),
    ),
);
