import { sharedParamsSchema } from '@storyloom/shared/schemas/stories';
import { sharedReadAlong } from '../../domain/interactive/read-along.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', params: sharedParamsSchema }, async ({ params }) =>
  ok(await sharedReadAlong(params.shareToken)),
);
