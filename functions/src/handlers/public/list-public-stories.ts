import { pageQuerySchema } from '@storyloom/shared/schemas/stories';
import { listPublicStories } from '../../domain/stories/discovery.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', query: pageQuerySchema }, async ({ query }) =>
  ok(await listPublicStories(query.page, query.limit)),
);
