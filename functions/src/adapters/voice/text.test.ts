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
});
