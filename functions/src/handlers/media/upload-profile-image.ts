import { confirmImageSchema, mediaText } from '@storyloom/shared/media';
import { setProfileImageFromBytes, setProfileImageFromUpload } from '../../domain/media/profile-image.ts';
import { ok, route } from '../../lib/http.ts';
import { readUploadBody, UPLOAD_EVENT_MAX_BYTES } from '../../lib/upload-body.ts';

/**
 * POST /api/profile/image. JSON `{ upload_key }` confirms a picture uploaded with a presigned POST
 * (what the app does); multipart with field `profile_image` (spec section 7) works for files up to
 * DIRECT_UPLOAD_MAX_BYTES and is refused with 413 beyond.
 */
export const handler = route({ auth: 'user', maxBodyBytes: UPLOAD_EVENT_MAX_BYTES }, async ({ user, event }) => {
  const input = await readUploadBody(event, {
    field: 'profile_image',
    kind: 'profile-image',
    noFileMessage: mediaText.noFile,
    confirmSchema: confirmImageSchema,
  });
  return ok(
    input.from === 'file'
      ? await setProfileImageFromBytes(user.id, input.bytes)
      : await setProfileImageFromUpload(user.id, input.body.upload_key),
  );
});
