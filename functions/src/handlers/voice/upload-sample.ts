import { validation } from '@storyloom/shared/messages';
import { confirmSampleSchema } from '@storyloom/shared/voice';
import { uploadSampleBytes, uploadSampleFromUpload } from '../../domain/voice/sample.ts';
import { ok, route } from '../../lib/http.ts';
import { readUploadBody, UPLOAD_EVENT_MAX_BYTES } from '../../lib/upload-body.ts';

/**
 * POST /api/voice/upload-sample. Multipart with field `voice_sample` (spec section 7) for files that
 * fit one request (API Gateway and Lambda cap a request near 6 MB); JSON `{ upload_key }` confirms a
 * sample the browser sent straight to S3 (POST /api/media/uploads, kind voice-sample), which is what
 * the app does for every sample. Either way the audio is checked before anything is kept.
 */
export const handler = route({ auth: 'user', maxBodyBytes: UPLOAD_EVENT_MAX_BYTES }, async ({ user, event }) => {
  const input = await readUploadBody(event, {
    field: 'voice_sample',
    kind: 'voice-sample',
    noFileMessage: validation.audioMissing,
    confirmSchema: confirmSampleSchema,
  });
  return ok(
    input.from === 'file'
      ? await uploadSampleBytes(user.id, input.bytes)
      : await uploadSampleFromUpload(user.id, input.body.upload_key),
  );
});
