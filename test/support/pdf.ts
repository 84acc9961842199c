import { createCanvas, DOMMatrix, ImageData, Path2D } from '@napi-rs/canvas';
import jsQR from 'jsqr';

// pdf.js draws glyphs as Path2D objects: it must find the same canvas library's classes as globals.
Object.assign(globalThis, { Path2D, DOMMatrix, ImageData });
const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');

/**
 * Reading a PDF as its reader would: the text of each page (pdf.js, the engine of Firefox's viewer)
 * and the QR codes seen on each page once rendered to pixels (@napi-rs/canvas, decoded with jsQR).
 */
export interface PdfPage {
  /** The page's text lines, top to bottom. */
  lines: string[];
}

export async function openPdf(bytes: Uint8Array) {
  return getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
}

type Pdf = Awaited<ReturnType<typeof openPdf>>;

/** Every page's text, lines joined from the text items that share a baseline. */
export async function pdfText(pdf: Pdf): Promise<PdfPage[]> {
  const pages: PdfPage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const rows = new Map<number, Array<{ x: number; text: string }>>();
    for (const item of content.items) {
      if (!('str' in item) || !item.str) continue;
      const y = Math.round(item.transform[5] ?? 0);
      const row = rows.get(y) ?? [];
      row.push({ x: item.transform[4] ?? 0, text: item.str });
      rows.set(y, row);
    }
    const lines = [...rows.entries()]
      .sort((a, b) => b[0] - a[0])
      .map(([, items]) =>
        items
          .sort((a, b) => a.x - b.x)
          .map((i) => i.text)
          .join(' ')
          .trim(),
      );
    pages.push({ lines });
    page.cleanup();
  }
  return pages;
}

/** One piece of text as drawn: its characters and the font it is drawn with (PostScript name, subset tag removed). */
export interface DrawnText {
  text: string;
  font: string;
}

/**
 * The text items of page `n` (1-based) with the embedded font each is drawn in, as a viewer sees them.
 * Tests hold the font's own file against the characters: a character drawn with a font lacking its
 * glyph prints as an empty box (tofu).
 */
export async function pageDrawnText(pdf: Pdf, n: number): Promise<DrawnText[]> {
  const page = await pdf.getPage(n);
  const content = await page.getTextContent();
  // Fonts are resolved into commonObjs while the page's operators are read.
  await page.getOperatorList();
  const drawn: DrawnText[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const font = page.commonObjs.get(item.fontName) as { name?: string } | undefined;
    drawn.push({ text: item.str, font: (font?.name ?? '').replace(/^[A-Z]{6}\+/, '') });
  }
  page.cleanup();
  return drawn;
}

/** The QR codes jsQR finds on page `n` (1-based) rendered at `scale` (2 ≈ 144 dpi). */
export async function pageQrCodes(pdf: Pdf, n: number, scale = 2): Promise<string[]> {
  const page = await pdf.getPage(n);
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  // pdf.js draws on any 2D context with the browser canvas API; @napi-rs/canvas provides one.
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise;
  const found: string[] = [];
  const image = context.getImageData(0, 0, canvas.width, canvas.height);
  // jsQR finds one code per call: blank out each one found and look again.
  for (let i = 0; i < 4; i++) {
    const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
    if (!code) break;
    found.push(code.data);
    const xs = [code.location.topLeftCorner.x, code.location.bottomRightCorner.x, code.location.bottomLeftCorner.x];
    const ys = [code.location.topLeftCorner.y, code.location.bottomRightCorner.y, code.location.topRightCorner.y];
    const [x0, x1] = [Math.floor(Math.min(...xs)) - 8, Math.ceil(Math.max(...xs)) + 8];
    const [y0, y1] = [Math.floor(Math.min(...ys)) - 8, Math.ceil(Math.max(...ys)) + 8];
    for (let y = Math.max(0, y0); y < Math.min(image.height, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(image.width, x1); x++)
        image.data.fill(255, (y * image.width + x) * 4, (y * image.width + x) * 4 + 3);
  }
  page.cleanup();
  return found;
}

const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');

/** The pixel sizes of the images drawn on page `n` (1-based), in drawing order. */
export async function pageImages(pdf: Pdf, n: number): Promise<Array<{ width: number; height: number }>> {
  const page = await pdf.getPage(n);
  const ops = await page.getOperatorList();
  const sizes: Array<{ width: number; height: number }> = [];
  for (const [i, fn] of ops.fnArray.entries()) {
    if (fn !== OPS.paintImageXObject) continue;
    const id = ops.argsArray[i]?.[0] as string;
    const image = await new Promise<{ width: number; height: number }>((resolve) => page.objs.get(id, resolve));
    sizes.push({ width: image.width, height: image.height });
  }
  page.cleanup();
  return sizes;
}
