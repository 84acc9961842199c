import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

/**
 * The keepsake bench's photos: phone-sized originals (4,000 × 3,000 JPEG, about 3 MB, with noise so they
 * compress like photographs) and their display and thumbnail variants made by the photo feature's own
 * code, stored as the photo feature stores them, spread over the stories (at most 12 a story).
 * Three distinct pictures are made once and stored under every photo's own keys.
 */
export async function seedBenchPhotos(ownerId: string, storyIds: readonly string[], count: number): Promise<number> {
  const { putMedia, mediaKeys } = await import('@storyloom/functions/data/media');
  const { putNewPhoto } = await import('@storyloom/functions/data/story-photos');
  const { makePhotoVariants } = await import('@storyloom/functions/adapters/images/variants');
  const pictures = [];
  for (const mean of [90, 128, 170]) {
    const original = await sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean, sigma: 18 },
      },
    })
      .jpeg({ quality: 82 })
      .toBuffer();
    pictures.push({ original, variants: await makePhotoVariants(original) });
  }
  const perStory = Math.min(12, Math.ceil(count / Math.max(1, storyIds.length)) + 1);
  let made = 0;
  for (const [i, storyId] of storyIds.entries()) {
    for (let j = 0; j < perStory && made < count; j++) {
      // Photos go to every other story, more of them each, until `count`.
      if (i % 2 === 1) break;
      const picture = pictures[made % pictures.length]!;
      const id = randomUUID();
      const originalKey = mediaKeys.storyPhotoOriginal(ownerId, storyId, id, 'jpg');
      const displayKey = mediaKeys.storyPhotoVariant(ownerId, storyId, id, 'display');
      const thumbnailKey = mediaKeys.storyPhotoVariant(ownerId, storyId, id, 'thumbnail');
      await putMedia(originalKey, picture.original, 'image/jpeg');
      await putMedia(displayKey, picture.variants.display.bytes, 'image/webp');
      await putMedia(thumbnailKey, picture.variants.thumbnail.bytes, 'image/webp');
      const now = new Date().toISOString();
      await putNewPhoto({
        id,
        storyId,
        ownerId,
        caption: `Photo ${made + 1}: the lake in summer`,
        alt: 'The lake',
        status: 'ready',
        originalKey,
        originalType: 'image/jpeg',
        displayKey,
        thumbnailKey,
        width: picture.variants.width,
        height: picture.variants.height,
        displayWidth: picture.variants.display.width,
        displayHeight: picture.variants.display.height,
        createdAt: now,
        updatedAt: now,
      });
      made++;
    }
  }
  return made;
}
