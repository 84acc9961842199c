import type { StoryPhotoDto, StoryPhotosResponse } from '@storyloom/shared/photos';
import type { ApiResponse } from './http.ts';
import { uploadFile } from './uploads.ts';
import { apiAs } from './users.ts';
import { pollUntil } from './voice.ts';

export * from './photo-files.ts';

/** Adding photos through the API as the SPA does, and waiting for the media worker (docs/media.md, "Photos"). */

type Caller = { token: string };

/** Uploads (presigned POST) and adds a photo to a story, as the SPA does; returns the add's answer. */
export async function addPhoto(
  user: Caller,
  storyId: string,
  bytes: Uint8Array,
  contentType: string,
  text: { caption?: string; alt?: string } = {},
): Promise<ApiResponse<StoryPhotosResponse>> {
  const key = await uploadFile(user, 'story-photo', bytes, contentType);
  return apiAs<StoryPhotosResponse>(user, 'POST', `/api/stories/${storyId}/photos`, { upload_key: key, ...text });
}

/** The story's photos once none is processing any more (the media worker makes the variants). */
export async function settledPhotos(user: Caller, storyId: string, timeoutMs = 60_000): Promise<StoryPhotoDto[]> {
  const res = await pollUntil(
    () => apiAs<StoryPhotosResponse>(user, 'GET', `/api/stories/${storyId}/photos`),
    (r) => r.status !== 200 || r.body.photos.every((p) => p.status !== 'processing'),
    timeoutMs,
  );
  if (res.status !== 200) throw new Error(`photos: ${res.status} ${res.text}`);
  return res.body.photos;
}
