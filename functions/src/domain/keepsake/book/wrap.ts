/**
 * Line breaking for the book, measured with the embedded font: text never runs past the page's
 * text block. Our own loop (not pdfkit's text flow) so the renderer owns every page break and can
 * give left and right pages their own binding margin.
 */
export type Measure = (text: string) => number;

/** User-perceived characters: a ZWJ family, a flag or a letter with its accent is never cut in two. */
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const charactersOf = (text: string) => Array.from(graphemes.segment(text), (part) => part.segment);

/** Paragraphs of a story: blank lines separate paragraphs; single line breaks are kept as breaks. */
export function paragraphsOf(text: string): string[][] {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split('\n')
        .map((line) => line.replace(/[\t ]+/g, ' ').trim())
        .filter((line) => line.length > 0),
    )
    .filter((lines) => lines.length > 0);
}

/**
 * Breaks one line of text into lines no wider than `width`. A word wider than a line on its own
 * (a long URL) is split between characters rather than cut off at the page edge.
 */
export function wrapLine(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  const space = measure(' ');
  let current = '';
  let currentWidth = 0;
  // Widths are summed word by word (each word measured once) rather than re-measuring the growing line:
  // shaping a whole line per word made long stories quadratic.
  for (const word of text.split(' ').filter(Boolean)) {
    const wordWidth = measure(word);
    if (current && currentWidth + space + wordWidth <= width) {
      current = `${current} ${word}`;
      currentWidth += space + wordWidth;
      continue;
    }
    if (current) lines.push(current);
    if (wordWidth <= width) {
      current = word;
      currentWidth = wordWidth;
      continue;
    }
    // Too wide on its own: as many characters per line as fit (graphemes: no emoji or accent split).
    let piece = '';
    for (const char of charactersOf(word)) {
      if (piece && measure(piece + char) > width) {
        lines.push(piece);
        piece = '';
      }
      piece += char;
    }
    current = piece;
    currentWidth = measure(piece);
  }
  if (current) lines.push(current);
  return lines;
}

/** The widest prefix of `text` that fits `width` with an ellipsis, or the text when it fits whole. */
export function fitWithEllipsis(text: string, width: number, measure: Measure): string {
  if (measure(text) <= width) return text;
  const chars = charactersOf(text);
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}
