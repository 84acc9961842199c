import type { Writable } from 'node:stream';
import { bookPrintText } from '@storyloom/shared/messages/book';
import PDFDocument from 'pdfkit';
import { contentsPages } from './contents.ts';
import { type FontRun, fontRuns, type RunFace } from './font-runs.ts';
import { type BookFontStyle, bookFontCoverage, bookFontPath } from './fonts.ts';
import { type BookPageSize, type PageBox, type PageGeometry, pageGeometry, pageMargins, textBox } from './geometry.ts';
import { type BookPhoto, drawPhoto, photoPixels } from './photos.ts';
import { qrSquares } from './qr.ts';
import { fitWithEllipsis, paragraphsOf, wrapLine } from './wrap.ts';

/** One story as printed, already in book order (order.ts). */
export interface BookStory {
  id: string;
  title: string;
  /** Formatted period, e.g. 'Jan 5, 1962 – Mar 3, 1965'; empty when the story has no dates. */
  period: string;
  place?: string;
  /** The story's text, or the transcript of a recorded story. */
  text: string;
  /** The listen page's URL when the story has a recording or narration (it gets a QR code). */
  listenUrl?: string;
  photos: readonly BookPhoto[];
}

export interface BookInput {
  title: string;
  dedication?: string;
  author: string;
  /** Already formatted ('November 26, 2026'): printed on the title page. */
  madeOn: string;
  pageSize: BookPageSize;
  stories: readonly BookStory[];
}

export interface BookLayout {
  pageCount: number;
  /** The page each story starts on, by story id, as printed in the contents and at the page foot. */
  storyPages: Record<string, number>;
  contentsPages: number;
}

/**
 * Lays out and writes the book with pdfkit into `doc`'s stream. Pages stay buffered (bufferPages) so
 * the contents, reserved before the stories, are filled in with the pages the stories really start on,
 * and every page gets its folio at the end; images are written out as they are placed, so what stays
 * in memory is only the pages' drawing instructions.
 */
export class BookWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly geometry: PageGeometry;
  /**
   * Fonts are named by their file path: pdfkit caches a font under the name it was first set by, and a
   * registered alias of the document's default font would be parsed again on every use.
   */
  private readonly fonts: Record<BookFontStyle, string> = {
    regular: bookFontPath('regular'),
    bold: bookFontPath('bold'),
    italic: bookFontPath('italic'),
  };
  /** The emoji font beside each style (Lora has no emoji; see font-runs.ts). */
  private readonly emojiFonts: Record<BookFontStyle, string> = {
    regular: bookFontPath('regular', 'emoji'),
    bold: bookFontPath('bold', 'emoji'),
    italic: bookFontPath('italic', 'emoji'),
  };
  private page = 0;
  private y = 0;
  private box!: PageBox;

  constructor(private readonly input: BookInput) {
    this.geometry = pageGeometry(input.pageSize);
    this.doc = new PDFDocument({
      autoFirstPage: false,
      bufferPages: true,
      font: this.fonts.regular,
      info: { Title: input.title, Author: input.author, Creator: 'Storyloom' },
      pdfVersion: '1.7',
      lang: 'en',
      displayTitle: true,
    });
  }

  /** Writes the whole book and ends the stream; `onStory` is told after each story (for progress). */
  async write(onStory: (done: number) => Promise<void> | void = () => {}): Promise<BookLayout> {
    const { input } = this;
    this.titlePage();
    if (input.dedication?.trim()) this.dedicationPage(input.dedication.trim());
    const contentsStart = this.page + 1;
    const plan = contentsPages(input.stories.length, this.contentsMetrics());
    for (const _ of plan) this.newPage();
    const storyPages: Record<string, number> = {};
    for (const [index, story] of input.stories.entries()) {
      this.newPage();
      storyPages[story.id] = this.page;
      await this.story(story);
      await onStory(index + 1);
      await this.roomInOutput();
    }
    // The back page is the last, a left-hand page, so a printed book closes on it.
    if (this.page % 2 === 0) this.newPage();
    this.newPage();
    this.backPage();
    const pageCount = this.page;
    this.contents(contentsStart, plan, storyPages);
    this.folios(contentsStart);
    this.doc.end();
    return { pageCount, storyPages, contentsPages: plan.length };
  }

  private get body() {
    return this.geometry.bodySize;
  }

  private get lineHeight() {
    return this.body * 1.45;
  }

  private newPage(): void {
    this.page += 1;
    this.doc.addPage({
      size: [this.geometry.width, this.geometry.height],
      margins: pageMargins(this.geometry, this.page),
    });
    this.box = textBox(this.geometry, this.page);
    this.y = this.box.top;
  }

  /** Moves to a new page unless `height` more points fit above the bottom margin. */
  private ensure(height: number): void {
    if (this.y + height > this.box.bottom) this.newPage();
  }

  private readonly widths = new Map<string, number>();

  /**
   * Text width in `font` at `size` as drawn (each run in its own font), cached per word: a book measures
   * the same words over and over.
   */
  private measure(font: BookFontStyle, size: number) {
    return (text: string) => {
      const key = `${font}\u0000${size}\u0000${text}`;
      let width = this.widths.get(key);
      if (width === undefined) {
        width = 0;
        for (const run of this.runs(text, font)) width += this.runWidth(run, font, size);
        if (this.widths.size > 50_000) this.widths.clear();
        this.widths.set(key, width);
      }
      return width;
    };
  }

  private readonly coverage = {
    regular: { text: bookFontCoverage('regular', 'text'), emoji: bookFontCoverage('regular', 'emoji') },
    bold: { text: bookFontCoverage('bold', 'text'), emoji: bookFontCoverage('bold', 'emoji') },
    italic: { text: bookFontCoverage('italic', 'text'), emoji: bookFontCoverage('italic', 'emoji') },
  };

  private runs(text: string, font: BookFontStyle): FontRun[] {
    return fontRuns(text, this.coverage[font]);
  }

  private fontFile(font: BookFontStyle, face: RunFace): string {
    return face === 'text' ? this.fonts[font] : this.emojiFonts[font];
  }

  private runWidth(run: FontRun, font: BookFontStyle, size: number): number {
    return this.doc.font(this.fontFile(font, run.face)).fontSize(size).widthOfString(run.text);
  }

  /**
   * One line at `this.y`, run by run. Every run sits on the text font's baseline (pdfkit places text by
   * its own font's ascender, which differs between Lora and the emoji font).
   */
  private line(text: string, font: BookFontStyle, size: number, align: 'left' | 'center' | 'right' = 'left'): void {
    const { doc, box } = this;
    const runs = this.runs(text, font);
    const widths = runs.map((run) => this.runWidth(run, font, size));
    const width = widths.reduce((sum, w) => sum + w, 0);
    let x = align === 'center' ? box.left + (box.width - width) / 2 : align === 'right' ? box.right - width : box.left;
    const baseline = -this.coverage[font].text.ascent * size;
    for (const [index, run] of runs.entries()) {
      doc.font(this.fontFile(font, run.face)).fontSize(size).fillColor('#1f1a17');
      doc.text(run.text, x, this.y, { lineBreak: false, baseline });
      x += widths[index] ?? 0;
    }
  }

  /** Wrapped lines of `text`, each on the page (moving on to new pages as needed). */
  private block(
    text: string,
    font: BookFontStyle,
    size: number,
    lineHeight: number,
    align: 'left' | 'center' = 'left',
  ) {
    for (const paragraph of paragraphsOf(text)) {
      for (const source of paragraph)
        for (const line of wrapLine(source, this.box.width, this.measure(font, size))) {
          this.ensure(lineHeight);
          this.line(line, font, size, align);
          this.y += lineHeight;
        }
      this.y += lineHeight * 0.5;
    }
  }

  private titlePage(): void {
    const { input, body } = this;
    this.newPage();
    this.y = this.box.top + this.box.height * 0.3;
    this.block(input.title, 'bold', body * 2.6, body * 3.3, 'center');
    this.y += body;
    this.block(bookPrintText.byline(input.author), 'italic', body * 1.4, body * 2, 'center');
    this.y = this.box.bottom - body * 2;
    this.line(bookPrintText.made(input.madeOn), 'regular', body * 0.85, 'center');
  }

  private dedicationPage(dedication: string): void {
    this.newPage();
    this.y = this.box.top + this.box.height * 0.3;
    this.block(dedication, 'italic', this.body * 1.15, this.body * 1.7, 'center');
  }

  private contentsMetrics() {
    const box = textBox(this.geometry, 1);
    return { boxHeight: box.height, headingHeight: this.body * 4, lineHeight: this.lineHeight };
  }

  /** Fills the reserved contents pages: one line per story, title … page. */
  private contents(firstPage: number, plan: readonly number[], storyPages: Record<string, number>): void {
    const { doc, input, body } = this;
    let entry = 0;
    for (const [index, count] of plan.entries()) {
      const page = firstPage + index;
      doc.switchToPage(page - 1);
      this.page = page;
      this.box = textBox(this.geometry, page);
      this.y = this.box.top;
      if (index === 0) {
        this.line(bookPrintText.contents, 'bold', body * 1.8, 'left');
        this.y += body * 4;
      }
      for (const story of input.stories.slice(entry, entry + count)) {
        const number = String(storyPages[story.id]);
        const numberWidth = this.measure('regular', body)(number);
        const title = fitWithEllipsis(
          story.title,
          this.box.width - numberWidth - body * 2,
          this.measure('regular', body),
        );
        this.line(title, 'regular', body, 'left');
        this.line(number, 'regular', body, 'right');
        this.y += this.lineHeight;
      }
      entry += count;
    }
  }

  /** Page numbers at the foot of every page but the title page, outer corner (they face out when bound). */
  private folios(contentsStart: number): void {
    const { doc, geometry } = this;
    const { count } = doc.bufferedPageRange();
    for (let page = contentsStart; page <= count; page++) {
      doc.switchToPage(page - 1);
      const box = textBox(geometry, page);
      const text = String(page);
      doc
        .font(this.fonts.regular)
        .fontSize(this.body * 0.85)
        .fillColor('#1f1a17');
      const width = doc.widthOfString(text);
      const x = page % 2 === 1 ? box.right - width : box.left;
      doc.text(text, x, geometry.height - geometry.bottom / 2 - this.body * 0.4, { lineBreak: false });
    }
  }

  private async story(story: BookStory): Promise<void> {
    const { body } = this;
    this.block(story.title, 'bold', body * 1.9, body * 2.4);
    if (story.period) this.block(story.period, 'italic', body, this.lineHeight);
    if (story.place) this.block(bookPrintText.place(story.place), 'italic', body, this.lineHeight);
    if (story.listenUrl) this.qr(story.listenUrl);
    this.y += body * 0.5;
    this.block(story.text, 'regular', body, this.lineHeight);
    for (const photo of story.photos) {
      const bytes = this.photoBytes(photo);
      // The next photo is read and scaled while this one is placed and written.
      this.photoBytes(this.photoAfter(photo));
      await drawPhoto(this.doc, photo, bytes, {
        box: () => this.box,
        y: () => this.y,
        setY: (y) => {
          this.y = y;
        },
        newPage: () => this.newPage(),
        caption: (text) => this.block(text, 'italic', body * 0.85, body * 1.2, 'center'),
      });
      this.loading.delete(photo);
      await this.roomInOutput();
    }
  }

  private readonly loading = new Map<BookPhoto, Promise<Buffer | undefined>>();
  private allPhotos?: BookPhoto[];

  /** A photo's print pixels, loading at most once (started ahead by the photo before it). */
  private photoBytes(photo: BookPhoto | undefined): Promise<Buffer | undefined> {
    if (!photo) return Promise.resolve(undefined);
    let bytes = this.loading.get(photo);
    if (!bytes) {
      const pixels = photoPixels(photo, textBox(this.geometry, 1));
      bytes =
        photo.width > 0 && photo.height > 0 ? photo.load(pixels.width, pixels.height) : Promise.resolve(undefined);
      // A failure surfaces where the photo is placed; until then it must not count as unhandled.
      bytes.catch(() => undefined);
      this.loading.set(photo, bytes);
    }
    return bytes;
  }

  /** The photo printed after `photo`, in this story or a later one. */
  private photoAfter(photo: BookPhoto): BookPhoto | undefined {
    this.allPhotos ??= this.input.stories.flatMap((story) => story.photos);
    return this.allPhotos[this.allPhotos.indexOf(photo) + 1];
  }

  /** The story's QR code, 0.9 in square (readable by phone cameras at arm's length), with its caption. */
  private qr(url: string): void {
    const { doc, body } = this;
    const size = 65;
    this.y += body * 0.4;
    this.ensure(size);
    const squares = qrSquares(url);
    const unit = size / squares.modules;
    const x = this.box.left;
    doc.save();
    for (const [col, row] of squares.dark) doc.rect(x + col * unit, this.y + row * unit, unit, unit);
    doc.fillColor('#000000').fill();
    doc.restore();
    doc
      .font(this.fonts.italic)
      .fontSize(body * 0.9)
      .fillColor('#1f1a17');
    doc.text(bookPrintText.listenCaption, x + size + body, this.y + size / 2 - body / 2, { lineBreak: false });
    this.y += size + body * 0.4;
  }

  private backPage(): void {
    const { input, body } = this;
    this.y = this.box.top + this.box.height * 0.25;
    this.block(bookPrintText.backTitle, 'bold', body * 1.3, body * 1.9, 'center');
    this.y += body;
    this.block(bookPrintText.backBody(input.author), 'regular', body, this.lineHeight, 'center');
  }

  private output?: Writable;

  /**
   * Sends the PDF into `output` as it is written (for the S3 upload). pdfkit pushes without regard for
   * a slow reader, so the writer itself waits for `output` to drain after each story and photo: unread
   * bytes stay within about one photo plus the stream's buffer.
   */
  pipeTo(output: Writable): void {
    this.output = output;
    this.doc.on('data', (chunk: Buffer) => output.write(chunk));
    this.doc.on('end', () => output.end());
  }

  private async roomInOutput(): Promise<void> {
    const output = this.output;
    if (!output?.writableNeedDrain) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        output.off('drain', done);
        output.off('close', done);
        resolve();
      };
      output.on('drain', done);
      output.on('close', done);
    });
    if (output.destroyed) throw new Error('the book output was closed before the book was written');
  }
}
