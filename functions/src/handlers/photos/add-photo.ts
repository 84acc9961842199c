import { addPhotoSchema } from '@storyloom/shared/photos';
import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { addPhoto } from '../../domain/photos/photos.ts';
import { created, route } from '../../lib/http.ts';

/** POST /api/stories/{id}/photos `{ upload_key, caption?, alt? }`: the owner adds an uploaded photo. */
export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: addPhotoSchema },
  async ({ user, params, body }) => created(await addPhoto(params.id, user.id, body)),
);
