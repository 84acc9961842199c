import { describe, expect, it } from 'vitest';
import { chunkText, sentences, words } from './text.ts';

describe('story text', () => {
  const text = 'We moved in 1952. It wasn’t easy!\n\nMother sang — always.';

  it('finds words with their offsets, contractions and numbers whole', () => {
    expect(words(text).map((w) => w.text)).toEqual([
      'We',
      'moved',
      'in',
      '1952',
      'It',
      'wasn’t',
      'easy',
      'Mother',
      'sang',
      'always',
    ]);
    for (const w of words(text)) expect(text.slice(w.offset, w.offset + w.length)).toBe(w.text);
  });

  it('splits sentences at end punctuation and blank lines', () => {
    expect(sentences(text).map((s) => s.text.trim())).toEqual([
      'We moved in 1952.',
      'It wasn’t easy!',
      'Mother sang — always.',
    ]);
  });

  it('packs whole sentences under the limit, and cuts an over-long sentence at word boundaries', () => {
    const chunks = chunkText(text, 40);
    expect(chunks.every((c) => c.length <= 40)).toBe(true);
    expect(chunks.map((c) => c.text)).toEqual(['We moved in 1952. It wasn’t easy!', 'Mother sang — always.']);
    const long = chunkText('one two three four five six seven', 10);
    expect(long.map((c) => c.text)).toEqual(['one two', 'three four', 'five six', 'seven']);
  });

  it('sends chunks without leading or trailing spaces, with offsets that still point into the text', () => {
    const text = 'First one here.  Second one follows.\n\n  Third after a blank line. ';
    const chunks = chunkText(text, 20);
    for (const c of chunks) {
      expect(c.text).toBe(c.text.trim());
      expect(text.slice(c.offset, c.offset + c.length)).toBe(c.text);
    }
    expect(chunks.map((c) => c.text)).toEqual([
      'First one here.',
      'Second one follows.',
      'Third after a blank',
      'line.',
    ]);
  });
});
