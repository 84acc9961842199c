import type { PageBox } from './geometry.ts';

/** A story photo as the book needs it: its size, its caption, and its pixels at print resolution. */
export interface BookPhoto {
  /** Pixel size of the original. */
  width: number;
  height: number;
  caption?: string;
  /**
   * JPEG or PNG bytes of the original, scaled down (never up) to fit `maxWidth` × `maxHeight` pixels:
   * 300 dpi at the size it is printed. Loaded only when placed, so one photo at a time is in memory;
   * undefined leaves the photo out.
   */
  load(maxWidth: number, maxHeight: number): Promise<Buffer | undefined>;
}

export const PRINT_DPI = 300;
/** Below this a photo would print visibly soft, so small originals are printed smaller rather than stretched. */
export const MIN_DPI = 150;
/** A photo takes at most this share of the text block's height, so a caption and some text fit beside it. */
const MAX_HEIGHT_SHARE = 0.6;

/** Printed size in points of a `width` × `height` pixel photo in a text block `box`. */
export function placedSize(width: number, height: number, box: Pick<PageBox, 'width' | 'height'>) {
  const scale = Math.min(box.width / width, (box.height * MAX_HEIGHT_SHARE) / height, 72 / MIN_DPI);
  return { width: width * scale, height: height * scale };
}

/** Pixels to ask the loader for: 300 dpi at the printed size. */
export function printPixels(points: number): number {
  return Math.ceil((points / 72) * PRINT_DPI);
}

interface Cursor {
  box(): PageBox;
  y(): number;
  setY(y: number): void;
  newPage(): void;
  caption(text: string): void;
}

/** The pixels to ask a photo's loader for in a text block `box` (the same on every page). */
export function photoPixels(photo: Pick<BookPhoto, 'width' | 'height'>, box: Pick<PageBox, 'width' | 'height'>) {
  const size = placedSize(photo.width, photo.height, box);
  return { width: printPixels(size.width), height: printPixels(size.height) };
}

/**
 * Places one photo centred in the text block, on a new page when it does not fit below the text.
 * `bytes` is its loader's answer, started earlier (the writer prepares the next photo meanwhile).
 */
export async function drawPhoto(
  doc: PDFKit.PDFDocument,
  photo: BookPhoto,
  bytes: Promise<Buffer | undefined>,
  cursor: Cursor,
): Promise<void> {
  if (!(photo.width > 0 && photo.height > 0)) return;
  const gap = 10;
  const size = placedSize(photo.width, photo.height, cursor.box());
  const image = await bytes;
  if (!image) return;
  // The image and the first caption line travel together.
  if (cursor.y() + gap + size.height + (photo.caption ? 16 : 0) > cursor.box().bottom) cursor.newPage();
  const box = cursor.box();
  const y = cursor.y() + gap;
  doc.image(image, box.left + (box.width - size.width) / 2, y, { width: size.width, height: size.height });
  cursor.setY(y + size.height + 6);
  if (photo.caption?.trim()) cursor.caption(photo.caption.trim());
  cursor.setY(cursor.y() + 4);
}
