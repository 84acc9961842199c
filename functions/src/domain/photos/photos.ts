import { randomUUID } from 'node:crypto';
import {
  type AddPhotoInput,
  photoText,
  type ReorderPhotosInput,
  STORY_PHOTOS_MAX,
  type StoryPhotosResponse,
  type UpdatePhotoInput,
} from '@storyloom/shared/photos';
import { deleteMedia, deleteMediaUnder, mediaKeys } from '../../data/media.ts';
import { getStory } from '../../data/stories.ts';
import {
  deletePhotoItem,
  listStoryPhotos,
  putNewPhoto,
  releasePhotoSlot,
  reservePhotoSlot,
  setPhotoPositions,
  setStoryCover,
  updatePhotoText,
} from '../../data/story-photos.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { NotFound, ValidationFailed } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { acceptUpload } from '../media/uploads.ts';
import { loadOwnedStory, relationTo, storyNotFound } from '../stories/access.ts';
import { toPhotoDtos } from './dto.ts';

/**
 * Photos of a story (docs/media.md, "Photos"): the owner adds (from a presigned upload of kind
 * `story-photo`, checked by content and header before anything decodes it), captions, orders and
 * removes them; the media worker makes the display and thumbnail variants (process.ts).
 */

const photoNotFound = () => new NotFound(photoText.notFound);

/** The story's photos for its owner (original keys included), with an optional message. */
async function ownerPhotos(storyId: string, message?: string): Promise<StoryPhotosResponse> {
  const photos = await listStoryPhotos(storyId);
  return { ...(message ? { message } : {}), photos: toPhotoDtos(photos, true) };
}

/**
 * Keeps the story's cover (the first ready photo's thumbnail, shown on cards) in step with its photos.
 * Called after every change; idempotent, so a race between two changes ends with the later list.
 */
export async function refreshCover(storyId: string): Promise<void> {
  const first = (await listStoryPhotos(storyId)).find((p) => p.status === 'ready' && p.thumbnailKey);
  await setStoryCover(storyId, first?.thumbnailKey ? { key: first.thumbnailKey, alt: first.alt } : undefined);
}

/** GET /api/stories/{id}/photos: whoever may read the story (owner, share, public, admin); 404 otherwise. */
export async function listPhotosForUser(storyId: string, userId: string): Promise<StoryPhotosResponse> {
  const story = await getStory(storyId);
  if (!story) throw storyNotFound();
  const relation = await relationTo(story, userId);
  if (relation.kind === 'none') throw storyNotFound();
  return { photos: toPhotoDtos(await listStoryPhotos(storyId), relation.kind === 'owner') };
}

/**
 * POST /api/stories/{id}/photos: the owner adds a photo. A slot is taken on the story first (at most
 * STORY_PHOTOS_MAX, even with uploads at once); a refused file or a failure gives it back.
 */
export async function addPhoto(storyId: string, userId: string, input: AddPhotoInput): Promise<StoryPhotosResponse> {
  await loadOwnedStory(storyId, userId);
  if (!(await reservePhotoSlot(storyId, STORY_PHOTOS_MAX))) {
    await discardPendingUpload(userId, input.upload_key);
    throw new ValidationFailed(photoText.tooMany);
  }
  const photoId = randomUUID();
  let stored = false;
  try {
    const upload = await acceptUpload(userId, 'story-photo', input.upload_key, (ext) =>
      mediaKeys.storyPhotoOriginal(userId, storyId, photoId, ext),
    );
    const now = new Date().toISOString();
    await putNewPhoto({
      id: photoId,
      storyId,
      ownerId: userId,
      caption: input.caption ?? '',
      alt: input.alt ?? '',
      status: 'processing',
      originalKey: upload.finalKey,
      originalType: upload.type.mime,
      width: upload.image?.width ?? 0,
      height: upload.image?.height ?? 0,
      createdAt: now,
      updatedAt: now,
    });
    stored = true;
    // The story deleted while the file was checked: its deletion may have listed the partition before
    // this photo existed, so the photo would outlive it. Undo it here instead.
    if (!(await getStory(storyId))) throw storyNotFound();
    await enqueueMediaJob({ type: 'photos.process', storyId, photoId });
  } catch (error) {
    // Nothing half-made stays: the item, the file and the slot go back.
    if (stored) await deletePhotoItem(storyId, photoId);
    await deleteMediaUnder(mediaKeys.storyPhotoPrefix(userId, storyId, photoId));
    await releasePhotoSlot(storyId);
    throw error;
  }
  return ownerPhotos(storyId, photoText.added);
}

/** A refused add leaves no pending file behind (when the key is the caller's own pending photo). */
async function discardPendingUpload(userId: string, key: string): Promise<void> {
  const prefix = `${mediaKeys.pendingUploadsPrefix(userId)}story-photo/`;
  if (!key.startsWith(prefix) || key.includes('..')) return;
  await deleteMedia(key).catch((error: unknown) =>
    logger.warn('pending photo not deleted', { reason: (error as Error).message }),
  );
}

/** PUT /api/stories/{id}/photos/{photoId}: the owner edits caption and alt text. */
export async function updatePhoto(
  storyId: string,
  photoId: string,
  userId: string,
  input: UpdatePhotoInput,
): Promise<StoryPhotosResponse> {
  await loadOwnedStory(storyId, userId);
  const updated = await updatePhotoText(storyId, photoId, { caption: input.caption, alt: input.alt });
  if (!updated) throw photoNotFound();
  // The cover carries the first photo's alt text.
  if (input.alt !== undefined) await refreshCover(storyId);
  return ownerPhotos(storyId, photoText.updated);
}

/** DELETE /api/stories/{id}/photos/{photoId}: the owner removes a photo, its files and its slot. */
export async function removePhoto(storyId: string, photoId: string, userId: string): Promise<StoryPhotosResponse> {
  await loadOwnedStory(storyId, userId);
  const removed = await deletePhotoItem(storyId, photoId);
  if (!removed) throw photoNotFound();
  await deleteMediaUnder(mediaKeys.storyPhotoPrefix(removed.ownerId, storyId, photoId));
  await releasePhotoSlot(storyId);
  await refreshCover(storyId);
  return ownerPhotos(storyId, photoText.removed);
}

/** PUT /api/stories/{id}/photos/order: every photo of the story once, in the new order. */
export async function reorderPhotos(
  storyId: string,
  userId: string,
  input: ReorderPhotosInput,
): Promise<StoryPhotosResponse> {
  await loadOwnedStory(storyId, userId);
  const current = new Set((await listStoryPhotos(storyId)).map((p) => p.id));
  const asked = new Set(input.photo_ids);
  const same =
    asked.size === input.photo_ids.length && asked.size === current.size && [...asked].every((id) => current.has(id));
  if (!same) throw new ValidationFailed(photoText.orderList);
  await setPhotoPositions(storyId, input.photo_ids);
  await refreshCover(storyId);
  return ownerPhotos(storyId, photoText.reordered);
}
