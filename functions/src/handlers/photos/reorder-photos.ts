import { reorderPhotosSchema } from '@storyloom/shared/photos';
import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { reorderPhotos } from '../../domain/photos/photos.ts';
import { ok, route } from '../../lib/http.ts';

/** PUT /api/stories/{id}/photo-order `{ photo_ids }`: the owner orders the story's photos. */
export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: reorderPhotosSchema },
  async ({ user, params, body }) => ok(await reorderPhotos(params.id, user.id, body)),
);
