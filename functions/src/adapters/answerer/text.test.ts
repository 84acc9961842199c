import { describe, expect, it } from 'vitest';
import { analyzeShort } from './text.ts';

describe('analyzeShort', () => {
  it('tokenizes a sentence the same whatever was read before (wink-nlp learns "father\'s," as a word)', () => {
    const values = () => analyzeShort("My father's gang found one.").tokens.map((t) => t.value);
    const before = values();
    analyzeShort("When I stopped, my knees were like my father's, and the customers were tourists.");
    expect(values()).toEqual(before);
    expect(before).toEqual(['My', 'father', "'s", 'gang', 'found', 'one', '.']);
  });

  it('keeps clitics as wink-nlp splits them ("did" "n\'t", "we" "\'d")', () => {
    expect(analyzeShort("I didn't go, we'd stay.").tokens.map((t) => t.value)).toEqual([
      'I',
      'did',
      "n't",
      'go',
      ',',
      'we',
      "'d",
      'stay',
      '.',
    ]);
  });
});
