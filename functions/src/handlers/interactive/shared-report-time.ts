import { sessionParamsSchema, timeSchema } from '@storyloom/shared/interactive';
import { reportTime } from '../../domain/interactive/sessions.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'public', params: sessionParamsSchema, body: timeSchema },
  async ({ params, body }) => ok(await reportTime(params.sessionId, { kind: 'shared' }, body.current_time)),
);
