import { commentsQuerySchema, sharedCommentsParamsSchema } from '@storyloom/shared/schemas/stories';
import { listSharedStoryComments } from '../../domain/stories/discovery.ts';
import { ok, route } from '../../lib/http.ts';

/** GET /shared/{shareToken}/comments?limit&cursor: older comments of the story behind a live link. */
export const handler = route(
  { auth: 'public', params: sharedCommentsParamsSchema, query: commentsQuerySchema },
  async ({ params, query }) => ok(await listSharedStoryComments(params.shareToken, query)),
);
