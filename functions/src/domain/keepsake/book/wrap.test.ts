import { describe, expect, it } from 'vitest';
import { contentsPages } from './contents.ts';
import { pageGeometry, textBox } from './geometry.ts';
import { fitWithEllipsis, paragraphsOf, wrapLine } from './wrap.ts';

/** Every character is 1 unit wide: widths are easy to reason about. */
const mono = (text: string) => Array.from(text).length;

describe('line breaking', () => {
  it('keeps every line within the width and loses no word', () => {
    const text = 'the quick brown fox jumps over the lazy dog again and again';
    const lines = wrapLine(text, 12, mono);
    for (const line of lines) expect(mono(line)).toBeLessThanOrEqual(12);
    expect(lines.join(' ')).toBe(text);
    expect(lines[0]).toBe('the quick');
  });

  it('splits a word longer than a line instead of running past the edge', () => {
    const lines = wrapLine('see https://example.com/a/very/long/path ok', 10, mono);
    for (const line of lines) expect(mono(line)).toBeLessThanOrEqual(10);
    expect(lines.join('').replace(/ /g, '')).toBe('seehttps://example.com/a/very/long/pathok');
  });

  it('never cuts an emoji sequence or an accented letter in two when it splits a long word or a title', () => {
    const family = '👨‍👩‍👧'; // five code points, one character on the page
    // Measured per code point (mono), a split by code points would cut the family after its first ZWJ.
    expect(wrapLine(`e\u0301${family}`, 4, mono)).toEqual(['e\u0301', family]);
    expect(fitWithEllipsis(`${family}${family}`, 8, mono)).toBe(`${family}…`);
    expect(fitWithEllipsis(`${family}${family}`, 4, mono)).toBe('…');
  });

  it('reads paragraphs from blank lines and keeps single line breaks', () => {
    expect(paragraphsOf('One\r\ntwo\n\n\n  Three   four \n')).toEqual([['One', 'two'], ['Three four']]);
    expect(paragraphsOf('  \n \n')).toEqual([]);
  });

  it('ends a title that does not fit with an ellipsis', () => {
    expect(fitWithEllipsis('short', 10, mono)).toBe('short');
    const fitted = fitWithEllipsis('a much longer title', 10, mono);
    expect(mono(fitted)).toBeLessThanOrEqual(10);
    expect(fitted).toBe('a much lo…');
  });
});

describe('contents pages', () => {
  const metrics = { boxHeight: 100, headingHeight: 30, lineHeight: 10 };
  it('holds fewer entries on the first page (the heading) and at least one page', () => {
    expect(contentsPages(0, metrics)).toEqual([0]);
    expect(contentsPages(7, metrics)).toEqual([7]);
    expect(contentsPages(8, metrics)).toEqual([7, 1]);
    expect(contentsPages(200, metrics)).toEqual([
      7, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 3,
    ]);
  });
});

describe('binding margins', () => {
  it('puts the larger margin on the bound edge: left on right-hand pages, right on left-hand pages', () => {
    for (const size of ['letter', 'a5'] as const) {
      const geometry = pageGeometry(size);
      const odd = textBox(geometry, 1);
      const even = textBox(geometry, 2);
      expect(odd.left).toBeGreaterThan(geometry.width - odd.right);
      expect(geometry.width - even.right).toBeGreaterThan(even.left);
      expect(odd.width).toBeCloseTo(even.width);
    }
  });
});
