import { confirmImageSchema, DIRECT_UPLOAD_MAX_BYTES, mediaText, uploadRules } from '@storyloom/shared/media';
import { serverText } from '@storyloom/shared/messages';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import { setProfileImageFromBytes, setProfileImageFromUpload } from '../../domain/media/profile-image.ts';
import { PayloadTooLarge, ValidationFailed } from '../../lib/errors.ts';
import { ok, route } from '../../lib/http.ts';
import type { HttpEvent } from '../../lib/http-types.ts';

/** A multipart body of DIRECT_UPLOAD_MAX_BYTES, base64-encoded by API Gateway, plus the form's framing. */
const MAX_EVENT_BODY = Math.ceil((DIRECT_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * POST /api/profile/image. JSON `{ upload_key }` confirms a picture uploaded with a presigned POST
 * (what the app does); multipart with field `profile_image` (spec section 7) works for files up to
 * DIRECT_UPLOAD_MAX_BYTES and is refused with 413 beyond.
 */
export const handler = route({ auth: 'user', maxBodyBytes: MAX_EVENT_BODY }, async ({ user, event }) => {
  const contentType = event.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    const file = await multipartFile(event, contentType, 'profile_image');
    if (file.length > uploadRules['profile-image'].maxBytes)
      throw new PayloadTooLarge(uploadRules['profile-image'].sizeMessage);
    if (file.length > DIRECT_UPLOAD_MAX_BYTES) throw new PayloadTooLarge(mediaText.tooBigForDirect);
    return ok(await setProfileImageFromBytes(user.id, file));
  }
  let json: unknown;
  try {
    json = event.body
      ? JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString() : event.body)
      : {};
  } catch {
    throw new ValidationFailed(serverText.malformedJson);
  }
  const parsed = confirmImageSchema.safeParse(json);
  if (!parsed.success) throw new ValidationFailed(firstIssue(parsed.error));
  return ok(await setProfileImageFromUpload(user.id, parsed.data.upload_key));
});

/** One file field of a multipart body, parsed by the platform's own FormData reader. */
async function multipartFile(event: HttpEvent, contentType: string, field: string): Promise<Uint8Array> {
  const bytes = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationFailed(mediaText.noFile);
  }
  const file = form.get(field);
  if (!file || typeof file === 'string') throw new ValidationFailed(mediaText.noFile);
  return new Uint8Array(await file.arrayBuffer());
}
