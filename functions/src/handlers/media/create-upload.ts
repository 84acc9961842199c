import { createUploadSchema } from '@storyloom/shared/media';
import { createUpload } from '../../domain/media/uploads.ts';
import { created, route } from '../../lib/http.ts';

/** POST /api/media/uploads: a presigned POST for one file (docs/media.md). */
export const handler = route({ auth: 'user', body: createUploadSchema }, async ({ user, body }) =>
  created(await createUpload(user.id, body)),
);
