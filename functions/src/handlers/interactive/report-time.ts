import { sessionParamsSchema, timeSchema } from '@storyloom/shared/interactive';
import { reportTime } from '../../domain/interactive/sessions.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: sessionParamsSchema, body: timeSchema },
  async ({ user, params, body }) =>
    ok(await reportTime(params.sessionId, { kind: 'user', userId: user.id }, body.current_time)),
);
