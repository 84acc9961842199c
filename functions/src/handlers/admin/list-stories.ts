import { adminStoriesQuerySchema } from '@storyloom/shared/schemas/stories';
import { listStoriesForAdmin } from '../../domain/stories/admin.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'admin', query: adminStoriesQuerySchema }, async ({ query }) =>
  ok(await listStoriesForAdmin(query.limit, query.cursor)),
);
