import { describe, expect, it } from 'vitest';
import {
  collapseWhitespace,
  formatDateTime,
  formatLongDate,
  formatPeriod,
  formatShortDate,
  snippet,
  splitParagraphs,
  truncateText,
} from './format.ts';

describe('dates (US English: long month for created, short month for start/end)', () => {
  it('formats a created timestamp with the long month', () => {
    // Midday UTC is the same calendar day in every time zone from UTC-11 to UTC+11.
    expect(formatLongDate('2026-11-22T12:00:00.000Z')).toBe('November 22, 2026');
    expect(formatLongDate('2024-01-05T12:30:00Z')).toBe('January 5, 2024');
  });

  it('formats calendar dates as that day, whatever the time zone', () => {
    expect(formatLongDate('1962-01-05')).toBe('January 5, 1962');
    expect(formatShortDate('1962-01-05')).toBe('Jan 5, 1962');
    expect(formatShortDate('1965-12-31')).toBe('Dec 31, 1965');
    expect(formatShortDate('0045-03-01')).toBe('Mar 1, 45');
  });

  it('gives an empty string for missing or unreadable values', () => {
    for (const value of [null, undefined, '', 'not a date', '2024-02-30x']) {
      expect(formatLongDate(value)).toBe('');
      expect(formatShortDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });

  it('formats a comment time with date and clock time', () => {
    expect(formatDateTime('2026-11-22T12:00:00Z')).toMatch(/^November 2[12], 2026(,| at) \d{1,2}:\d{2}\s?[AP]M$/);
  });
});

describe('formatPeriod', () => {
  it('shows a range, a single date, or "Until" the end date', () => {
    expect(formatPeriod('1962-01-05', '1965-03-03')).toBe('Jan 5, 1962 – Mar 3, 1965');
    expect(formatPeriod('1962-01-05', null)).toBe('Jan 5, 1962');
    expect(formatPeriod('1962-01-05', '1962-01-05')).toBe('Jan 5, 1962');
    expect(formatPeriod(null, '1965-03-03')).toBe('Until Mar 3, 1965');
    expect(formatPeriod(undefined, '')).toBe('');
    expect(formatPeriod(null, null)).toBe('');
  });
});

describe('truncateText', () => {
  it('leaves short text alone', () => {
    expect(truncateText('A short story.', 200)).toBe('A short story.');
    const exact = 'x'.repeat(200);
    expect(truncateText(exact, 200)).toBe(exact);
  });

  it('keeps the first max characters, line breaks included, and adds an ellipsis', () => {
    const text = `${'a'.repeat(150)}\n\n${'b'.repeat(100)}`;
    const cut = truncateText(text, 200);
    expect(cut).toBe(`${'a'.repeat(150)}\n\n${'b'.repeat(48)}…`);
    expect(cut.length).toBe(201);
  });

  it('drops trailing spaces before the ellipsis and never splits an emoji', () => {
    expect(truncateText('Hello    world', 8)).toBe('Hello…');
    expect(truncateText(`${'a'.repeat(9)}😀 and more`, 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('snippet and paragraphs', () => {
  it('puts a snippet on one line, at most 250 characters of the story, with an ellipsis when cut', () => {
    expect(collapseWhitespace('  One\n\ntwo\t three  ')).toBe('One two three');
    const long = `First line.\n${'word '.repeat(80)}`;
    const result = snippet(long, 250);
    expect(result.endsWith('…')).toBe(true);
    expect(result.length).toBeLessThanOrEqual(251);
    expect(result).not.toContain('\n');
    expect(snippet('Short\nstory', 250)).toBe('Short story');
  });

  it('splits story text into paragraphs on line breaks, skipping blank lines', () => {
    expect(splitParagraphs('First.\nSecond.\r\n\n  Third.  \n')).toEqual(['First.', 'Second.', 'Third.']);
    expect(splitParagraphs('')).toEqual([]);
  });
});
