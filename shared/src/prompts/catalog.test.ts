import { describe, expect, it } from 'vitest';
import { libraryPrompts, libraryThemes, loadLibrary } from './catalog.ts';

describe('prompt library', () => {
  it('holds at least 150 prompts over the ten themes, each theme well filled', () => {
    expect(libraryPrompts.length).toBeGreaterThanOrEqual(150);
    expect(libraryThemes.map((t) => t.title)).toEqual([
      'Childhood and home',
      'School',
      'Work',
      'Love and marriage',
      'Children',
      'Places lived',
      'History lived through',
      'Traditions and recipes',
      'People who mattered',
      'Lessons and advice',
    ]);
    for (const theme of libraryThemes) expect(theme.prompts.length).toBeGreaterThanOrEqual(15);
  });

  it('has no two prompts with the same wording', () => {
    const texts = libraryPrompts.map((p) => p.text.toLowerCase());
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('refuses a library with a repeated id or a prompt filed under another theme', () => {
    const theme = { id: 'school', stage: 'early' as const, title: 'School' };
    expect(() =>
      loadLibrary([
        {
          ...theme,
          prompts: [
            { id: 'school-01', text: 'A question long enough?' },
            { id: 'school-01', text: 'Another question here?' },
          ],
        },
      ]),
    ).toThrow(/used twice/);
    expect(() => loadLibrary([{ ...theme, prompts: [{ id: 'work-01', text: 'A question long enough?' }] }])).toThrow(
      /not under its theme/,
    );
  });
});
