import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pngOfSize } from '../../../../test/support/media-containers.ts';
import {
  animatedGif,
  jpegPhoto,
  pngPhoto,
  sidewaysPhotoWithGps,
  webpPhoto,
} from '../../../../test/support/photo-files.ts';
import { makePhotoVariants, UndecodablePhoto } from './variants.ts';

/** The GPS IFD pointer tag (0x8825), as it appears in little- or big-endian EXIF. */
const hasGpsPointer = (exif: Buffer) =>
  exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]));

describe('photo variants (sharp)', () => {
  it('applies the EXIF orientation and keeps no metadata (no GPS) in either variant', async () => {
    const phone = await sidewaysPhotoWithGps();
    const input = await sharp(phone).metadata();
    // The test file really is what a phone writes: stored landscape, orientation 6, GPS in its EXIF.
    expect([input.width, input.height, input.orientation]).toEqual([600, 400, 6]);
    expect(input.exif && hasGpsPointer(input.exif)).toBe(true);

    const v = await makePhotoVariants(phone);
    expect([v.width, v.height]).toEqual([400, 600]);
    for (const variant of [v.display, v.thumbnail]) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      // Portrait, as the phone showed it.
      expect(meta.height).toBeGreaterThan(meta.width ?? 0);
    }
    expect([v.display.width, v.display.height]).toEqual([400, 600]);
    expect(Math.max(v.thumbnail.width, v.thumbnail.height)).toBe(400);
    expect(v.thumbnail.bytes.toString('latin1')).not.toContain('TestPhone');
  });

  it('fits large photos into 1600 px and 400 px long edges, and never enlarges small ones', async () => {
    const wide = await makePhotoVariants(await webpPhoto(2400, 1200));
    expect([wide.display.width, wide.display.height]).toEqual([1600, 800]);
    expect([wide.thumbnail.width, wide.thumbnail.height]).toEqual([400, 200]);
    const small = await makePhotoVariants(await pngPhoto(240, 180));
    expect([small.display.width, small.display.height]).toEqual([240, 180]);
    expect([small.thumbnail.width, small.thumbnail.height]).toEqual([240, 180]);
    const jpeg = await makePhotoVariants(await jpegPhoto(320, 200));
    expect(jpeg.display.contentType).toBe('image/webp');
  });

  it('takes the first frame of an animated GIF', async () => {
    const gif = await animatedGif();
    expect((await sharp(gif, { pages: -1 }).metadata()).pages).toBe(2);
    const v = await makePhotoVariants(gif);
    expect([v.display.width, v.display.height]).toEqual([60, 40]);
    const { data } = await sharp(v.display.bytes).raw().toBuffer({ resolveWithObject: true });
    // Red: the first frame (the second is blue).
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });

  it('refuses what it cannot decode and what holds more pixels than the cap', async () => {
    const jpeg = await jpegPhoto(320, 200);
    await expect(makePhotoVariants(jpeg.subarray(0, 300))).rejects.toBeInstanceOf(UndecodablePhoto);
    await expect(makePhotoVariants(Buffer.from('not a picture at all'))).rejects.toBeInstanceOf(UndecodablePhoto);
    // A header past the cap (had the upload check been skipped): refused from the header, before any pixel.
    const big = pngOfSize(8001, 8001);
    await expect(makePhotoVariants(big)).rejects.toThrow(/pixel limit/i);
  });
});
