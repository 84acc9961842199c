import { createRequire } from 'node:module';

/**
 * The book's typeface: Lora (SIL Open Font License 1.1; the license ships with the package as
 * LICENSE_FONT), a text serif made for long reading, from @expo-google-fonts/lora, which ships the
 * full TTF files (not subsets split by script as web-font packages do), so one file covers Latin,
 * Latin Extended, Cyrillic and Vietnamese. pdfkit embeds only the glyphs a book uses.
 * In a Lambda bundle the files sit beside the bundle under node_modules/ (infra/lib/bundle.ts copies them).
 */
const require = createRequire(import.meta.url);

export const BOOK_FONT_PACKAGE = '@expo-google-fonts/lora';
export const BOOK_FONT_FILES = {
  regular: '400Regular/Lora_400Regular.ttf',
  bold: '700Bold/Lora_700Bold.ttf',
  italic: '400Regular_Italic/Lora_400Regular_Italic.ttf',
} as const;

export type BookFontStyle = keyof typeof BOOK_FONT_FILES;

export function bookFontPath(style: BookFontStyle): string {
  return require.resolve(`${BOOK_FONT_PACKAGE}/${BOOK_FONT_FILES[style]}`);
}
