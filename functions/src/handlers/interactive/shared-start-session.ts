import { sharedParamsSchema } from '@storyloom/shared/schemas/stories';
import { startSharedSession } from '../../domain/interactive/sessions.ts';
import { created, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', params: sharedParamsSchema }, async ({ params, sourceIp }) =>
  created(await startSharedSession(params.shareToken, sourceIp)),
);
