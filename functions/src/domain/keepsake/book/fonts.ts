import { createRequire } from 'node:module';
import { type Coverage, fileCoverage, type RunFace } from './font-runs.ts';

/**
 * The book's typeface: Lora (SIL Open Font License 1.1; the license ships with the package as
 * LICENSE_FONT), a text serif made for long reading, from @expo-google-fonts/lora, which ships the
 * full TTF files (not subsets split by script as web-font packages do), so one file covers Latin,
 * Latin Extended, Cyrillic and Vietnamese. pdfkit embeds only the glyphs a book uses.
 * Emoji, which Lora lacks, are drawn with Noto Emoji (OFL 1.1, the monochrome one: a book is printed,
 * often in black and white, and pdfkit cannot embed colour-glyph fonts), from
 * @expo-google-fonts/noto-emoji, again full TTFs (Emoji 16, ZWJ sequences, flags and skin tones as
 * ligatures). See docs/keepsake.md, "Emoji".
 * In a Lambda bundle the files sit beside the bundle under node_modules/ (infra/lib/bundle.ts copies them).
 */
const require = createRequire(import.meta.url);

export const BOOK_FONT_PACKAGE = '@expo-google-fonts/lora';
export const BOOK_FONT_FILES = {
  regular: '400Regular/Lora_400Regular.ttf',
  bold: '700Bold/Lora_700Bold.ttf',
  italic: '400Regular_Italic/Lora_400Regular_Italic.ttf',
} as const;

export const EMOJI_FONT_PACKAGE = '@expo-google-fonts/noto-emoji';
/** Noto Emoji has no italic: italic lines take the regular weight. */
export const EMOJI_FONT_FILES = {
  regular: '400Regular/NotoEmoji_400Regular.ttf',
  bold: '700Bold/NotoEmoji_700Bold.ttf',
  italic: '400Regular/NotoEmoji_400Regular.ttf',
} as const;

export type BookFontStyle = keyof typeof BOOK_FONT_FILES;

export function bookFontPath(style: BookFontStyle, face: RunFace = 'text'): string {
  return face === 'text'
    ? require.resolve(`${BOOK_FONT_PACKAGE}/${BOOK_FONT_FILES[style]}`)
    : require.resolve(`${EMOJI_FONT_PACKAGE}/${EMOJI_FONT_FILES[style]}`);
}

const coverages = new Map<string, Coverage & { ascent: number }>();

/** What the font of `style` and `face` can draw (each file read once per process). */
export function bookFontCoverage(style: BookFontStyle, face: RunFace): Coverage & { ascent: number } {
  const path = bookFontPath(style, face);
  let coverage = coverages.get(path);
  if (!coverage) {
    coverage = fileCoverage(path);
    coverages.set(path, coverage);
  }
  return coverage;
}
