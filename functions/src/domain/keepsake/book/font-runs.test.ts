import { describe, expect, it } from 'vitest';
import { type Coverage, fontRuns } from './font-runs.ts';

/** Coverage of a made-up font: the characters of `chars` (a grapheme is covered when all its characters are). */
function covering(chars: string): Coverage {
  const set = new Set(Array.from(chars));
  return { covers: (grapheme) => Array.from(grapheme).every((char) => set.has(char)) };
}

const fonts = {
  text: covering('abcdefghijklmnopqrstuvwxyz ©.,'),
  emoji: covering('😂🌊❤\uFE0F©👨👩👧\u200D🇵🇹'),
};

describe('font runs', () => {
  it('keeps a line without emoji in one text run', () => {
    expect(fontRuns('we went home.', fonts)).toEqual([{ face: 'text', text: 'we went home.' }]);
  });

  it('gives each emoji to the emoji font, spaces and words to the text font', () => {
    expect(fontRuns('so hard 😂 at the lake 🌊', fonts)).toEqual([
      { face: 'text', text: 'so hard ' },
      { face: 'emoji', text: '😂' },
      { face: 'text', text: ' at the lake ' },
      { face: 'emoji', text: '🌊' },
    ]);
  });

  it('keeps a ZWJ family and a flag whole, and VS16 hearts in the emoji font', () => {
    expect(fontRuns('a 👨‍👩‍👧 🇵🇹 ❤️', fonts)).toEqual([
      { face: 'text', text: 'a ' },
      { face: 'emoji', text: '👨‍👩‍👧' },
      { face: 'text', text: ' ' },
      { face: 'emoji', text: '🇵🇹' },
      { face: 'text', text: ' ' },
      { face: 'emoji', text: '❤️' },
    ]);
  });

  it('prints a plain © with the text font and an emoji-style ©️ with the emoji font', () => {
    expect(fontRuns('© ©\uFE0F', fonts)).toEqual([
      { face: 'text', text: '© ' },
      { face: 'emoji', text: '©\uFE0F' },
    ]);
  });

  it('leaves out an emoji neither font has, and keeps a letter neither has with the text font', () => {
    expect(fontRuns('new 🫪 face', fonts)).toEqual([{ face: 'text', text: 'new  face' }]);
    expect(fontRuns('ж 😂', fonts)).toEqual([
      { face: 'text', text: 'ж ' },
      { face: 'emoji', text: '😂' },
    ]);
  });
});
