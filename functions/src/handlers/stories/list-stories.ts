import { myStoriesQuerySchema } from '@storyloom/shared/schemas/stories';
import { listMyStories } from '../../domain/stories/stories.ts';
import { ok, route } from '../../lib/http.ts';

/** GET /api/stories?limit&cursor: a page of the caller's stories (and the first stories shared with them). */
export const handler = route({ auth: 'user', query: myStoriesQuerySchema }, async ({ user, query }) =>
  ok(await listMyStories(user.id, query)),
);
