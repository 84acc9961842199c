import { sessionParamsSchema } from '@storyloom/shared/interactive';
import { endSession } from '../../domain/interactive/sessions.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: sessionParamsSchema }, async ({ user, params }) =>
  ok(await endSession(params.sessionId, { kind: 'user', userId: user.id })),
);
