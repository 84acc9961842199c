import { makePhotoVariants, UndecodablePhoto } from '../../adapters/images/variants.ts';
import { deleteMediaUnder, headMedia, mediaKeys, putMedia, readMediaStart } from '../../data/media.ts';
import { getStoryPhoto, setPhotoProcessed } from '../../data/story-photos.ts';
import { logger } from '../../lib/logger.ts';
import { refreshCover } from './photos.ts';

/**
 * The media worker's `photos.process` job: reads the checked original, makes the display and
 * thumbnail variants (adapters/images/variants.ts: orientation applied, metadata stripped) and marks
 * the photo ready. Idempotent: a photo that is no longer processing (done, or removed) is skipped, so a
 * redelivered message does nothing. A file that cannot be decoded is marked failed (no retry helps);
 * S3 or DynamoDB errors throw, and SQS delivers the job again.
 */
export async function processPhoto(job: { storyId: string; photoId: string }): Promise<void> {
  const photo = await getStoryPhoto(job.storyId, job.photoId);
  if (photo?.status !== 'processing') return;
  const head = await headMedia(photo.originalKey);
  if (!head) {
    // Removed with its story meanwhile (the item goes in the deletion's second pass).
    logger.info('photo original gone before processing', { storyId: job.storyId, photoId: job.photoId });
    return;
  }
  const bytes = await readMediaStart(photo.originalKey, head.size);
  let variants: Awaited<ReturnType<typeof makePhotoVariants>>;
  try {
    variants = await makePhotoVariants(bytes);
  } catch (error) {
    if (!(error instanceof UndecodablePhoto)) throw error;
    logger.warn('photo could not be decoded', { storyId: job.storyId, photoId: job.photoId, reason: error.message });
    await setPhotoProcessed(job.storyId, job.photoId, { status: 'failed' });
    return;
  }
  const displayKey = mediaKeys.storyPhotoVariant(photo.ownerId, job.storyId, job.photoId, 'display');
  const thumbnailKey = mediaKeys.storyPhotoVariant(photo.ownerId, job.storyId, job.photoId, 'thumbnail');
  await putMedia(displayKey, variants.display.bytes, variants.display.contentType);
  await putMedia(thumbnailKey, variants.thumbnail.bytes, variants.thumbnail.contentType);
  const recorded = await setPhotoProcessed(job.storyId, job.photoId, {
    status: 'ready',
    displayKey,
    thumbnailKey,
    width: variants.width,
    height: variants.height,
    displayWidth: variants.display.width,
    displayHeight: variants.display.height,
  });
  if (!recorded) {
    // Removed (or its story deleted) while the variants were made: what was just written goes too.
    await deleteMediaUnder(mediaKeys.storyPhotoPrefix(photo.ownerId, job.storyId, job.photoId));
    return;
  }
  await refreshCover(job.storyId);
}
