import { createRequire } from 'node:module';
import { createCanvas } from '@napi-rs/canvas';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { openPdf, pageDrawnText, pageQrCodes, pdfText } from '../../../../../test/support/pdf.ts';
import { type BookInput, type BookStory, BookWriter } from './render.ts';

async function render(input: BookInput) {
  const writer = new BookWriter(input);
  const chunks: Buffer[] = [];
  writer.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => writer.doc.on('end', resolve));
  const layout = await writer.write();
  await ended;
  return { layout, bytes: Buffer.concat(chunks) };
}

function photo(width: number, height: number, caption: string) {
  return {
    width,
    height,
    caption,
    requested: [] as Array<[number, number]>,
    async load(maxWidth: number, maxHeight: number) {
      this.requested.push([maxWidth, maxHeight]);
      const canvas = createCanvas(Math.min(width, maxWidth), Math.min(height, maxHeight));
      const context = canvas.getContext('2d');
      context.fillStyle = '#884422';
      context.fillRect(0, 0, canvas.width, canvas.height);
      return canvas.toBuffer('image/jpeg');
    },
  };
}

const paragraph = 'When we were young we walked to the river every summer morning before the heat. ';

function stories(count: number): BookStory[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `story-${i}`,
    title: `Chapter ${i}: ${'a long remembered summer '.repeat(1 + (i % 3))}`.trim(),
    period: `Jan ${i + 1}, 1962`,
    place: i % 2 ? 'Porto' : undefined,
    text: `${paragraph.repeat(5 + i * 7)}\n\n${paragraph.repeat(3)}`,
    listenUrl: i % 3 === 0 ? `http://localhost:3000/listen/TOKEN/story-${i}` : undefined,
    photos: [],
  }));
}

describe('book layout', () => {
  it('prints the title page, the dedication, contents whose page numbers are where each story starts, and the back page', async () => {
    const chosen = stories(45);
    const { layout, bytes } = await render({
      title: 'Summers by the River',
      dedication: 'For Ana and Rui',
      author: 'maria',
      madeOn: 'November 26, 2026',
      pageSize: 'a5',
      stories: chosen,
    });
    const pdf = await openPdf(bytes);
    expect(pdf.numPages).toBe(layout.pageCount);
    expect(layout.pageCount % 2).toBe(0);
    const pages = await pdfText(pdf);
    expect(pages[0]?.lines).toEqual([
      'Summers by the River',
      'Stories by maria',
      'Made with Storyloom on November 26, 2026',
    ]);
    expect(pages[1]?.lines).toEqual(['For Ana and Rui']);
    expect(layout.contentsPages).toBeGreaterThan(1);
    const contents = pages.slice(2, 2 + layout.contentsPages).flatMap((p) => p.lines);
    expect(contents[0]).toBe('Contents');
    const entries = contents.filter((line) => /\d+$/.test(line) && line !== contents[0]);
    // The folio at the foot of each contents page is a line of digits only; entries have a title first.
    const titled = entries.filter((line) => /^Chapter/.test(line));
    expect(titled).toHaveLength(chosen.length);
    for (const [i, story] of chosen.entries()) {
      const page = Number(/(\d+)$/.exec(titled[i] ?? '')?.[1]);
      expect(titled[i]?.startsWith(story.title.slice(0, 20))).toBe(true);
      // The story's title is the first line of the page the contents names, and the page's folio says the same number.
      expect(story.title.startsWith(pages[page - 1]?.lines[0] ?? '-')).toBe(true);
      expect(pages[page - 1]?.lines.join(' ')).toContain(story.title);
      expect(pages[page - 1]?.lines.at(-1)).toBe(String(page));
      expect(page).toBe(layout.storyPages[story.id]);
    }
    // In book order: page numbers rise with the contents.
    const numbers = titled.map((line) => Number(/(\d+)$/.exec(line)?.[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(pages.at(-1)?.lines[0]).toBe('About the QR codes in this book');
    expect(pages.at(-1)?.lines.join(' ')).toContain('can turn that link off at any time');
  });

  it('prints every word of a long story across pages and a QR code that decodes to its listen URL', async () => {
    const story: BookStory = {
      id: 'long',
      title: 'The long one',
      period: '',
      text: Array.from({ length: 400 }, (_, i) => `word${i}`).join(' '),
      listenUrl: 'http://localhost:3000/listen/abcDEF123_-/long',
      photos: [],
    };
    const { layout, bytes } = await render({
      title: 'T',
      author: 'a',
      madeOn: 'x',
      pageSize: 'letter',
      stories: [story],
    });
    const pdf = await openPdf(bytes);
    const pages = await pdfText(pdf);
    const start = layout.storyPages.long ?? 0;
    const words = pages
      .slice(start - 1, -2)
      .flatMap((p) => p.lines.slice(0, -1))
      .join(' ')
      .split(/\s+/)
      .filter((w) => /^word\d+$/.test(w));
    expect(words).toEqual(Array.from({ length: 400 }, (_, i) => `word${i}`));
    expect(await pageQrCodes(pdf, start)).toEqual([story.listenUrl]);
  });

  it('asks for photos at 300 dpi of their printed size, never larger than the original, and keeps them inside the text block', async () => {
    const big = photo(6000, 4000, 'The house in 1970');
    const small = photo(300, 200, 'A tiny print');
    const tall = photo(1000, 5000, 'The tower');
    const { bytes } = await render({
      title: 'T',
      author: 'a',
      madeOn: 'x',
      pageSize: 'letter',
      stories: [{ id: 's', title: 'Photos', period: '', text: 'Text.', photos: [big, small, tall] }],
    });
    // Letter text block: 612 − 72 − 54 = 486 pt wide → 2025 px at 300 dpi.
    expect(big.requested).toEqual([[2025, 1350]]);
    // 300 px printed at no less than 150 dpi: 144 pt → 600 px asked at 300 dpi (the loader never scales up).
    expect(small.requested).toEqual([[600, 400]]);
    // At most 60 % of the block's height (792 − 54 − 65 = 673 pt → 403.8 pt → 1683 px).
    expect(tall.requested[0]?.[1]).toBe(1683);
    const pages = await pdfText(await openPdf(bytes));
    const text = pages.flatMap((p) => p.lines).join('\n');
    for (const caption of ['The house in 1970', 'A tiny print', 'The tower']) expect(text).toContain(caption);
  });

  it('draws emoji in stories, titles and captions with a font that has them, so the page shows them and no empty boxes', async () => {
    const text = 'We laughed so hard 😂 at the lake 🌊';
    const { layout, bytes } = await render({
      title: 'Summers 🌞',
      author: 'maria',
      madeOn: 'x',
      pageSize: 'letter',
      stories: [
        {
          id: 'lake',
          title: 'The lake ❤️',
          period: '',
          text: `${text}\n\nThumbs up 👍🏽 from the whole family 👨‍👩‍👧 and © 1962.`,
          photos: [photo(400, 300, 'Grandpa fishing 🎣')],
        },
      ],
    });
    const pdf = await openPdf(bytes);
    const pages = await pdfText(pdf);
    const start = layout.storyPages.lake ?? 0;
    const lines = pages[start - 1]?.lines.map((line) => line.replace(/\s+/g, ' ')) ?? [];
    expect(lines).toEqual(
      expect.arrayContaining([
        'The lake ❤️',
        text,
        // A black-and-white font has no skin colours: the skin-tone thumb prints (and copies) as the plain thumb.
        'Thumbs up 👍 from the whole family 👨‍👩‍👧 and © 1962.',
        'Grandpa fishing 🎣',
      ]),
    );
    expect(pages[0]?.lines.map((line) => line.replace(/\s+/g, ' '))).toContain('Summers 🌞');
    // Every visible character is drawn with a font whose own file has a glyph for it (glyph 0 is the empty box).
    const fonts = bookFontFiles();
    for (const page of [1, start]) {
      for (const drawn of await pageDrawnText(pdf, page)) {
        const font = fonts.get(drawn.font);
        expect(font, `font ${drawn.font}`).toBeDefined();
        for (const { segment } of new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(drawn.text)) {
          if (!segment.trim()) continue;
          const glyphs = font?.layout(segment).glyphs.map((glyph) => glyph.id) ?? [0];
          expect(glyphs, `${JSON.stringify(segment)} in ${drawn.font}`).not.toContain(0);
        }
      }
    }
  });
});

/** The font files a book may embed, by PostScript name, read with fontkit (the engine pdfkit itself uses). */
function bookFontFiles(): Map<string, fontkit.Font> {
  const require = createRequire(import.meta.url);
  const files = [
    '@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf',
    '@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf',
    '@expo-google-fonts/lora/400Regular_Italic/Lora_400Regular_Italic.ttf',
    '@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf',
    '@expo-google-fonts/noto-emoji/700Bold/NotoEmoji_700Bold.ttf',
  ];
  const fonts = new Map<string, fontkit.Font>();
  for (const file of files) {
    const font = fontkit.openSync(require.resolve(file)) as fontkit.Font;
    fonts.set(font.postscriptName, font);
  }
  return fonts;
}
