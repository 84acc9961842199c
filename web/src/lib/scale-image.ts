/** The longest side of a stored profile picture: sharp at 96 px on a 3× screen, a few dozen KB. */
export const AVATAR_STORED_PX = 384;

/**
 * Scales a picked image down in the browser (the server keeps no image libraries): decoded with
 * createImageBitmap, drawn on a canvas no larger than `maxPx`, encoded as WebP (PNG where the browser
 * cannot write WebP). Rejects when the file is not an image the browser can decode (a text file named
 * .jpg), so the caller shows the type message.
 */
export async function scaleImage(file: Blob, maxPx = AVATAR_STORED_PX): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, maxPx / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const encode = (type: string) =>
      new Promise<Blob | null>((resolve) => canvas.toBlob((blob) => resolve(blob), type, 0.9));
    const webp = await encode('image/webp');
    if (webp && webp.type === 'image/webp') return webp;
    const png = await encode('image/png');
    if (!png) throw new Error('the canvas could not be encoded');
    return png;
  } finally {
    bitmap.close();
  }
}
