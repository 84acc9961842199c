import { adminStoriesQuerySchema } from '@storyloom/shared/schemas/stories';
import { listStoriesForAdmin } from '../../domain/stories/admin.ts';
import { route } from '../../lib/http.ts';

export const handler = route({ auth: 'admin', query: adminStoriesQuerySchema }, async ({ query }) => ({
  ...(await listStoriesForAdmin(query.limit, query.cursor)),
}));
