import { photoParamsSchema, updatePhotoSchema } from '@storyloom/shared/photos';
import { updatePhoto } from '../../domain/photos/photos.ts';
import { ok, route } from '../../lib/http.ts';

/** PUT /api/stories/{id}/photos/{photoId} `{ caption?, alt? }`: the owner edits a photo's texts. */
export const handler = route(
  { auth: 'user', params: photoParamsSchema, body: updatePhotoSchema },
  async ({ user, params, body }) => ok(await updatePhoto(params.id, params.photoId, user.id, body)),
);
