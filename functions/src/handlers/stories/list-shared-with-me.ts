import { sharedWithMeQuerySchema } from '@storyloom/shared/schemas/stories';
import { listSharedWithMe } from '../../domain/stories/stories.ts';
import { ok, route } from '../../lib/http.ts';

/** GET /api/shared-with-me?limit&cursor: a page of the stories shared with the caller. */
export const handler = route({ auth: 'user', query: sharedWithMeQuerySchema }, async ({ user, query }) =>
  ok(await listSharedWithMe(user.id, query)),
);
