import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { listPhotosForUser } from '../../domain/photos/photos.ts';
import { ok, route } from '../../lib/http.ts';

/** GET /api/stories/{id}/photos: the story's photos for whoever may read the story. */
export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) =>
  ok(await listPhotosForUser(params.id, user.id)),
);
