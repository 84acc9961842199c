import { sharedParamsSchema } from '@storyloom/shared/schemas/stories';
import { getSharedStory } from '../../domain/stories/discovery.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', params: sharedParamsSchema }, async ({ params }) =>
  ok(await getSharedStory(params.shareToken)),
);
