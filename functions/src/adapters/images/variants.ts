import { IMAGE_MAX_SIDE_PIXELS } from '@storyloom/shared/media';
import { PHOTO_DISPLAY_EDGE, PHOTO_THUMBNAIL_EDGE } from '@storyloom/shared/photos';
import sharp from 'sharp';

/**
 * The photo variants the media worker makes (docs/media.md, "Photos"), with sharp (libvips): it
 * decodes JPEG, PNG, WebP and GIF, streams through the image in tiles instead of holding every
 * stage in memory, runs on libuv's thread pool (so local mode's event loop stays free without a
 * worker thread of ours), and ships its native binary inside npm packages (`@img/sharp-*`).
 *
 * Every decode is capped at the upload limit's pixel count (`limitInputPixels`): the upload confirm
 * already refused larger headers, this holds even if a file lies past its header. EXIF orientation is
 * applied (`rotate()` with no angle), and the output keeps no metadata (sharp drops EXIF, GPS, XMP and
 * ICC unless asked to keep them), so a photo's location never reaches a reader. An animated GIF or
 * WebP gives its first frame.
 */

/** The most pixels any decode may hold (8,000 × 8,000). */
export const PHOTO_INPUT_PIXEL_LIMIT = IMAGE_MAX_SIDE_PIXELS * IMAGE_MAX_SIDE_PIXELS;

// libvips' operation cache keeps decoded images between calls: a worker handling one photo at a time
// gains nothing from it and would keep up to 50 MB more.
sharp.cache(false);

export interface ImageVariant {
  bytes: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

export interface PhotoVariants {
  /** The photo as displayed (after its EXIF orientation). */
  width: number;
  height: number;
  display: ImageVariant;
  thumbnail: ImageVariant;
}

/** A file sharp could not decode (damaged inside, past what the header checks see): not worth a retry. */
export class UndecodablePhoto extends Error {
  override name = 'UndecodablePhoto';
}

function open(bytes: Uint8Array) {
  return sharp(bytes, { limitInputPixels: PHOTO_INPUT_PIXEL_LIMIT, pages: 1, failOn: 'error' });
}

async function variant(bytes: Uint8Array, edge: number, quality: number): Promise<ImageVariant> {
  const { data, info } = await open(bytes)
    .rotate()
    .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
    .webp({ quality })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp' };
}

/** Decodes the photo and makes its display (1600 px) and thumbnail (400 px) WebP variants. */
export async function makePhotoVariants(bytes: Uint8Array): Promise<PhotoVariants> {
  try {
    const meta = await open(bytes).metadata();
    // autoOrient: the size once the EXIF orientation is applied (sideways phone photos swap sides).
    const width = meta.autoOrient?.width ?? meta.width ?? 0;
    const height = meta.autoOrient?.height ?? meta.height ?? 0;
    const display = await variant(bytes, PHOTO_DISPLAY_EDGE, 82);
    const thumbnail = await variant(bytes, PHOTO_THUMBNAIL_EDGE, 75);
    return { width, height, display, thumbnail };
  } catch (error) {
    throw new UndecodablePhoto((error as Error).message);
  }
}
