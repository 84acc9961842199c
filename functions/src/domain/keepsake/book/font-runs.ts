import * as fontkit from 'fontkit';

/**
 * Which font draws which part of a line. Lora has no emoji, and pdfkit draws a character its font lacks
 * as glyph 0 (an empty box, and a NUL when the text is copied): families type emoji in stories, titles
 * and captions. A line is cut into runs per grapheme (a ZWJ family, a flag, a skin tone or a keycap is one
 * grapheme, drawn by the emoji font as one glyph), each drawn with a font that has it.
 */
export type RunFace = 'text' | 'emoji';

export interface FontRun {
  face: RunFace;
  text: string;
}

/** What a font can draw, read from its own file (fontkit: the engine pdfkit lays text out with). */
export interface Coverage {
  /** True when every code point of `grapheme` maps to a glyph other than 0. */
  covers(grapheme: string): boolean;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** Anything emoji-like: lines without it are one text run (the common case, and the fast one). */
const EMOJI_LIKE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3|\uFE0F/u;
/** Asks for the colourful (emoji) form: an emoji-presentation character, VS16, a keycap, a flag, a modifier, a ZWJ. */
const WANTS_EMOJI = /\p{Emoji_Presentation}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u20E3|\uFE0F|\u200D/u;
const PICTURE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
/** Variation selectors choose text or emoji form; the text font draws the plain character without them. */
const SELECTORS = /[\uFE0E\uFE0F]/gu;

/**
 * Cuts `text` into runs for the text font and the emoji font. Per grapheme: an emoji the emoji font has
 * goes to it; else the text font when it has every character (© stays in the book's serif); else the
 * emoji font when it has it; an emoji neither has (newer than the font) is left out — a family expects
 * their words, and a box reads as a misprint; any other character stays with the text font as before.
 */
export function fontRuns(text: string, fonts: Record<RunFace, Coverage>): FontRun[] {
  if (!EMOJI_LIKE.test(text)) return text ? [{ face: 'text', text }] : [];
  const runs: FontRun[] = [];
  const push = (face: RunFace, part: string) => {
    const last = runs.at(-1);
    if (last?.face === face) last.text += part;
    else runs.push({ face, text: part });
  };
  for (const { segment } of graphemes.segment(text)) {
    if (!EMOJI_LIKE.test(segment)) {
      push('text', segment);
      continue;
    }
    const plain = segment.replace(SELECTORS, '');
    if (WANTS_EMOJI.test(segment) && fonts.emoji.covers(segment)) push('emoji', segment);
    else if (plain && fonts.text.covers(plain)) push('text', plain);
    else if (fonts.emoji.covers(segment)) push('emoji', segment);
    else if (!PICTURE.test(segment)) push('text', plain);
  }
  return runs;
}

/** The text of the runs as they are drawn (what a reader copies out of the PDF). */
export function drawnText(runs: readonly FontRun[]): string {
  return runs.map((run) => run.text).join('');
}

/** A font file's coverage, cached per grapheme (a book repeats the same few emoji). */
export function fileCoverage(path: string): Coverage & { ascent: number } {
  const font = fontkit.openSync(path) as fontkit.Font;
  const known = new Map<string, boolean>();
  return {
    ascent: font.ascent / font.unitsPerEm,
    covers(grapheme) {
      let has = known.get(grapheme);
      if (has === undefined) {
        // Layout, not a code-point lookup: a ZWJ sequence or a flag is one ligature glyph in the emoji font.
        has = font.layout(grapheme).glyphs.every((glyph) => glyph.id !== 0);
        if (known.size > 10_000) known.clear();
        known.set(grapheme, has);
      }
      return has;
    },
  };
}
