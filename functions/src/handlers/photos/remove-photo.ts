import { photoParamsSchema } from '@storyloom/shared/photos';
import { removePhoto } from '../../domain/photos/photos.ts';
import { ok, route } from '../../lib/http.ts';

/** DELETE /api/stories/{id}/photos/{photoId}: the owner removes a photo and its files. */
export const handler = route({ auth: 'user', params: photoParamsSchema }, async ({ user, params }) =>
  ok(await removePhoto(params.id, params.photoId, user.id)),
);
