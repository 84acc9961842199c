import { commentsQuerySchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { listCommentsForUser } from '../../domain/stories/stories.ts';
import { ok, route } from '../../lib/http.ts';

/** GET /api/stories/{id}/comments?limit&cursor: older comments of a story the caller may read. */
export const handler = route(
  { auth: 'user', params: storyParamsSchema, query: commentsQuerySchema },
  async ({ user, params, query }) => ok(await listCommentsForUser(params.id, user.id, query)),
);
