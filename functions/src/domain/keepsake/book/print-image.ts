import sharp from 'sharp';
import { PHOTO_INPUT_PIXEL_LIMIT } from '../../../adapters/images/variants.ts';

/**
 * A photo for print, from its original: turned upright by its EXIF orientation, scaled down (never up)
 * to fit `maxWidth` × `maxHeight` pixels — 300 dpi at the size it is printed — and written as a JPEG
 * (pdfkit embeds JPEG and PNG only; WebP and GIF originals are decoded by sharp, a GIF's first frame).
 * Transparent pixels print on white paper. No metadata is kept (no EXIF or GPS in the book).
 */
export async function printImage(original: Uint8Array, maxWidth: number, maxHeight: number): Promise<Buffer> {
  return (
    sharp(original, { limitInputPixels: PHOTO_INPUT_PIXEL_LIMIT, pages: 1 })
      .rotate()
      .resize({ width: maxWidth, height: maxHeight, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      // Quality 85 with standard chroma subsampling is what print shops ask for; no Huffman optimisation
      // pass (about 10 % larger files, noticeably less time per photo).
      .jpeg({ quality: 85, optimiseCoding: false })
      .toBuffer()
  );
}
