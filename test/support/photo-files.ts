import sharp from 'sharp';
import { pngOfSize } from './media-containers.ts';

/**
 * Photos for the photo tests (docs/media.md, "Photos"), made in the test with sharp: real pictures of
 * each accepted type, a sideways phone photo with GPS in its EXIF, and hostile files.
 */

/** A w × h JPEG of two colours (left half `left`), so orientation shows in the pixels too. */
export async function jpegPhoto(width = 320, height = 200, left = '#c03020'): Promise<Buffer> {
  const half = await sharp({ create: { width: Math.ceil(width / 2), height, channels: 3, background: left } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#2040c0' } })
    .composite([{ input: half, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * A "phone photo": stored 600 × 400 with EXIF orientation 6 (shown rotated 90°: 400 × 600) and a GPS
 * position in its EXIF, as phones write them.
 */
export async function sidewaysPhotoWithGps(): Promise<Buffer> {
  return sharp(await jpegPhoto(600, 400))
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Model 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 2645/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3954/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
}

export const pngPhoto = (width = 240, height = 180) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
export const webpPhoto = (width = 2400, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: '#806040' } })
    .webp()
    .toBuffer();
/** A 60 × 40 GIF of two frames, red then blue (the variants keep the first). */
export async function animatedGif(): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame('#ff0000'), await frame('#0000ff')]);
  return sharp(frames, { raw: { width: 60, height: 80, channels: 3, pageHeight: 40 } })
    .gif({ loop: 0, delay: [200, 200] })
    .toBuffer();
}

/**
 * A PNG that is only its signature and a valid IHDR (CRC included) declaring `side` × `side`: what a
 * decompression bomb looks like before its pixels; it must be refused from these 33 bytes.
 */
export const headerOnlyPng = (side: number) => pngOfSize(side, side).subarray(0, 33);

/** Text named like a photo. */
export const textAsJpeg = () => Buffer.from('These are my notes about the trip, not a picture.\n'.repeat(20));
