import { questionSchema, sessionParamsSchema } from '@storyloom/shared/interactive';
import { askQuestion } from '../../domain/interactive/questions.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', userRecord: 'read-by-handler', params: sessionParamsSchema, body: questionSchema },
  async ({ user, params, body, sourceIp }) =>
    ok(
      await askQuestion(
        params.sessionId,
        { kind: 'user', userId: user.id, unconfirmed: user },
        { question: body.question, askedAt: body.asked_at, follows: body.follows },
        sourceIp,
      ),
    ),
);
