import type { ProfileImageResponse } from '@storyloom/shared/media';
import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';
import { uploadMedia } from '#web/lib/upload.ts';

/** Uploads a (scaled) picture straight to S3, then POST /api/profile/image `{ upload_key }` confirms it. */
export async function uploadProfileImage(image: Blob): Promise<ProfileImageResponse> {
  const uploadKey = await uploadMedia('profile-image', image, { fallback: fallback.uploadImage });
  return api.post<ProfileImageResponse>(
    '/api/profile/image',
    { upload_key: uploadKey },
    { fallback: fallback.uploadImage },
  );
}

export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}
