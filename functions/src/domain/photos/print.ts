import { printImage } from '../../adapters/images/variants.ts';
import { headMedia, readMediaStart } from '../../data/media.ts';
import { listStoryPhotos, type StoryPhoto } from '../../data/story-photos.ts';

/**
 * Story photos for the keepsake builders (docs/media.md, "Photos"): the book prints from the original
 * at print resolution, the export copies the original. Failed or vanished photos are left out.
 */
export interface PrintablePhoto {
  photo: StoryPhoto;
  /** The original's pixels as displayed (orientation applied). */
  width: number;
  height: number;
  /** JPEG bytes scaled (never up) into maxWidth × maxHeight, no metadata; read when called, one at a time. */
  load(maxWidth: number, maxHeight: number): Promise<Buffer>;
}

/** The whole original of a photo; undefined when it is gone (the story is being deleted). */
export async function readPhotoOriginal(photo: StoryPhoto): Promise<Uint8Array | undefined> {
  const head = await headMedia(photo.originalKey);
  return head ? readMediaStart(photo.originalKey, head.size) : undefined;
}

/** The story's ready photos in order, each loadable for print. */
export async function printablePhotos(storyId: string): Promise<PrintablePhoto[]> {
  const photos = (await listStoryPhotos(storyId)).filter((p) => p.status === 'ready');
  return photos.map((photo) => ({
    photo,
    width: photo.width,
    height: photo.height,
    async load(maxWidth, maxHeight) {
      const bytes = await readPhotoOriginal(photo);
      if (!bytes) throw new Error(`photo ${photo.id} of story ${storyId} has no original`);
      return printImage(bytes, maxWidth, maxHeight);
    },
  }));
}
