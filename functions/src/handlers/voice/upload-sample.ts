import { DIRECT_UPLOAD_MAX_BYTES, mediaText, uploadRules } from '@storyloom/shared/media';
import { serverText, validation } from '@storyloom/shared/messages';
import { firstIssue } from '@storyloom/shared/schemas/fields';
import { confirmSampleSchema } from '@storyloom/shared/voice';
import { uploadSampleBytes, uploadSampleFromUpload } from '../../domain/voice/sample.ts';
import { PayloadTooLarge, ValidationFailed } from '../../lib/errors.ts';
import { ok, route } from '../../lib/http.ts';
import type { HttpEvent } from '../../lib/http-types.ts';

/** A multipart body of DIRECT_UPLOAD_MAX_BYTES, base64-encoded by API Gateway, plus the form's framing. */
const MAX_EVENT_BODY = Math.ceil((DIRECT_UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;

/**
 * POST /api/voice/upload-sample. Multipart with field `voice_sample` (spec section 7) for files that
 * fit one request (API Gateway and Lambda cap a request near 6 MB); JSON `{ upload_key }` confirms a
 * sample the browser sent straight to S3 (POST /api/media/uploads, kind voice-sample), which is what
 * the app does for every sample. Either way the audio is checked before anything is kept.
 */
export const handler = route({ auth: 'user', maxBodyBytes: MAX_EVENT_BODY }, async ({ user, event }) => {
  const contentType = event.headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    const file = await multipartFile(event, contentType, 'voice_sample');
    if (file.length > uploadRules['voice-sample'].maxBytes)
      throw new PayloadTooLarge(uploadRules['voice-sample'].sizeMessage);
    if (file.length > DIRECT_UPLOAD_MAX_BYTES) throw new PayloadTooLarge(mediaText.tooBigForDirect);
    return ok(await uploadSampleBytes(user.id, file));
  }
  let json: unknown;
  try {
    json = event.body
      ? JSON.parse(event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString() : event.body)
      : {};
  } catch {
    throw new ValidationFailed(serverText.malformedJson);
  }
  const parsed = confirmSampleSchema.safeParse(json);
  if (!parsed.success) throw new ValidationFailed(firstIssue(parsed.error));
  return ok(await uploadSampleFromUpload(user.id, parsed.data.upload_key));
});

async function multipartFile(event: HttpEvent, contentType: string, field: string): Promise<Uint8Array> {
  const bytes = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new ValidationFailed(validation.audioMissing);
  }
  const file = form.get(field);
  if (!file || typeof file === 'string' || file.size === 0) throw new ValidationFailed(validation.audioMissing);
  return new Uint8Array(await file.arrayBuffer());
}
