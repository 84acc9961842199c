import * as z from 'zod/mini';
import { photoText } from './messages/photos.ts';
import {
  PHOTO_DISPLAY_EDGE,
  PHOTO_THUMBNAIL_EDGE,
  STORY_PHOTO_ALT_MAX,
  STORY_PHOTO_CAPTION_MAX,
  STORY_PHOTO_MAX_BYTES,
  STORY_PHOTOS_MAX,
} from './photo-limits.ts';
import { optionalTrimmed, STORY_ID_PATTERN, storyMessages } from './schemas/stories.ts';

/**
 * Photos in stories, shared by the SPA and the handlers (docs/media.md, "Photos"): limits, the
 * payloads of the photo routes and the photo as the API returns it.
 */
export {
  PHOTO_DISPLAY_EDGE,
  PHOTO_THUMBNAIL_EDGE,
  photoText,
  STORY_PHOTO_ALT_MAX,
  STORY_PHOTO_CAPTION_MAX,
  STORY_PHOTO_MAX_BYTES,
  STORY_PHOTOS_MAX,
};

/** Photo ids are lower-case UUIDs. */
export const PHOTO_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const idField = (pattern: RegExp, message: string) =>
  z.string({ error: message }).check(z.maxLength(100, message), z.regex(pattern, message));

/** /api/stories/{id}/photos/{photoId} */
export const photoParamsSchema = z.object({
  id: idField(STORY_ID_PATTERN, storyMessages.storyId),
  photoId: idField(PHOTO_ID_PATTERN, photoText.photoId),
});

const captionField = () => optionalTrimmed(STORY_PHOTO_CAPTION_MAX, photoText.captionMax);
const altField = () => optionalTrimmed(STORY_PHOTO_ALT_MAX, photoText.altMax);

/** POST /api/stories/{id}/photos: a photo from a presigned upload of kind `story-photo`. */
export const addPhotoSchema = z.object({
  upload_key: z.string({ error: photoText.uploadMissing }).check(z.maxLength(300, photoText.uploadMissing)),
  caption: captionField(),
  alt: altField(),
});
export type AddPhotoInput = z.infer<typeof addPhotoSchema>;

/** PUT /api/stories/{id}/photos/{photoId}: caption and alt text (a field left out stays as it is). */
export const updatePhotoSchema = z.object({ caption: captionField(), alt: altField() });
export type UpdatePhotoInput = z.infer<typeof updatePhotoSchema>;

/** PUT /api/stories/{id}/photos/order: every photo id of the story once, first photo first. */
export const reorderPhotosSchema = z.object({
  photo_ids: z
    .array(idField(PHOTO_ID_PATTERN, photoText.orderList), { error: photoText.orderList })
    .check(z.minLength(1, photoText.orderList), z.maxLength(STORY_PHOTOS_MAX, photoText.orderList)),
});
export type ReorderPhotosInput = z.infer<typeof reorderPhotosSchema>;

/** `processing` until the worker has made the variants; `failed` when the file could not be decoded. */
export type PhotoStatus = 'processing' | 'ready' | 'failed';

/**
 * A photo as the API returns it. The keys are media paths for the secure-url routes: `display` and
 * `thumbnail` follow the story's privacy (null until made); the original is its owner's only.
 */
export interface StoryPhotoDto {
  id: string;
  caption: string;
  alt: string;
  order: number;
  status: PhotoStatus;
  width: number;
  height: number;
  display_url: string | null;
  thumbnail_url: string | null;
  /** Only for the story's owner (it is kept as uploaded); null for every other reader. */
  original_url: string | null;
}

/** The first ready photo of a story, for cards (story lists carry only this). */
export interface CoverPhotoDto {
  thumbnail_url: string;
  alt: string;
}

/** GET/POST/PUT answers of the photo routes: the story's photos in order. */
export interface StoryPhotosResponse {
  message?: string;
  photos: StoryPhotoDto[];
}
