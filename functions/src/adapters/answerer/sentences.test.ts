import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

describe('sentences without a language model', () => {
  it('end at . ! ? … before a capital, never after a title, an initial or inside a number', () => {
    const text =
      'Mrs. Keller lived at No. 5 Elm St. with J. R. Dean. It cost 2.5 dollars! Did it? Yes… "Go," he said. I said no. We stayed.';
    expect(splitSentences(text).map((s) => s.text)).toEqual([
      'Mrs. Keller lived at No. 5 Elm St. with J. R. Dean.',
      'It cost 2.5 dollars!',
      'Did it?',
      'Yes…',
      '"Go," he said.',
      'I said no.',
      'We stayed.',
    ]);
  });

  it('end at a line break, and give offsets into the text, numbered from 1', () => {
    const text = 'First line without a stop\n\n  Second one. Third one';
    const sentences = splitSentences(text);
    expect(sentences.map((s) => s.id)).toEqual([1, 2, 3]);
    for (const s of sentences) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(sentences[1]!.text).toBe('Second one.');
  });
});
