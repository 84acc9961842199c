import { describe, expect, it } from 'vitest';
import { answerStory } from './ask-for-tests.ts';
import { confidenceTuning } from './confidence.ts';
import { factsIn } from './entities.ts';
import { normalizeQuestion } from './question.ts';

/**
 * Round 9's rules on made-up stories: each shows the answer the rule changes, and that a sentence which does
 * tell the fact still answers.
 */

describe('normalize: more words families call a grandparent by', () => {
  it('"grand-maman", "grandmaman", "amma", "ajee" are the narrator; so are "ah kong", "aja", "afi", "grandpapa"', () => {
    const none = new Set<string>();
    for (const word of ['grand-maman', 'grandmaman', 'amma', 'ajee', 'ah kong', 'aja', 'afi', 'grandpapa'])
      expect(normalizeQuestion(`where was ${word} born`, none, none).text, word).toBe('where was you born');
  });

  it('answers a question asked with one of them', () => {
    const story =
      'I was born in Le Sentier in 1931, above the workshop. My father polished jewels for the watchmakers.';
    expect(answerStory(story, 'what year was grandmaman born').answer).toContain('1931');
  });
});

describe('corrections: a year said in two digits, corrected by a bare number', () => {
  it('"I started in fifty-three. No, fifty-four" answers fifty-four', () => {
    const story =
      'I rented the trishaw from a towkay. I started in fifty-three. No, fifty-four, because it was after my mother died.';
    expect(answerStory(story, 'when did you start on the trishaw').answer).toContain('ifty-four');
  });

  it('a number said later of something else does not correct the year', () => {
    const story =
      'Our son Indra was born in Marabella in fifty-eight. No, I was never one for the union at first. I was shop steward for nine years.';
    expect(answerStory(story, 'when was indra born').answer).toContain('fifty-eight');
  });
});

describe('normalize: a grandparent word typed as two', () => {
  it('"ah kongs mother" of a story with "Ah Huat" in it is "your mother"', () => {
    const words = new Set(['ah', 'huat', 'mother']);
    expect(normalizeQuestion('when did ah kongs mother die', words, words).text).toBe('when did your mother die');
  });

  it('"dada ji" of a story that says "your dada ji" is the one the story speaks of', () => {
    const words = new Set(['dada', 'ji']);
    expect(normalizeQuestion('where was dada ji from', words, words).text).toBe('where was dada ji from');
  });
});

describe('facts and kinds: a relative of a relative, an age "that year", and the length of a thing', () => {
  const kinds = (sentence: string) => factsIn(sentence).map((f) => `${f.kind}:${f.text}`);

  it('"My mother\'s brother, Uncle Walter" says who Uncle Walter was', () => {
    expect(kinds("My mother's brother, Uncle Walter, leased forty acres.")).toContain("person:My mother's brother");
    const story = "We lived in Hastings. My mother's brother, Uncle Walter, leased forty acres of the lagoon bed.";
    expect(answerStory(story, 'who was uncle walter').answer).toContain("mother's brother");
  });

  it('"Les, the eldest of us, nineteen that year" is his age', () => {
    expect(kinds('My brother Les was the eldest of us, nineteen that year.')).toContain('age:nineteen');
  });

  it('"how long was the crack" asks a length, in miles too; "how long was the trip" a span of time', () => {
    expect(normalizeQuestion('how long was the crack', new Set(), new Set()).want).toBe('measure');
    expect(normalizeQuestion('how long was the crack in the ground', new Set(), new Set()).want).toBe('measure');
    expect(normalizeQuestion('how long was the trip', new Set(), new Set()).want).toBe('duration');
    expect(normalizeQuestion('how long were the men away', new Set(), new Set()).want).toBe('duration');
    const story = 'The ground opened that night. There was a crack in the earth a mile and a half long, spitting fire.';
    expect(answerStory(story, 'how long was the crack').answer).toContain('a mile and a half');
  });
});

describe('facts: "one" standing for a person', () => {
  it('"he was the clever one" counts nothing; "one cow" does', () => {
    const counts = (sentence: string) =>
      factsIn(sentence)
        .filter((f) => f.kind === 'count')
        .map((f) => f.text);
    expect(counts('There was another brother, Ah Hock, the youngest, but he was the clever one.')).toEqual([]);
    expect(counts('We had one cow.')).toEqual(['one']);
  });
});

describe('decide: a sentence a check turned down does not outweigh one that answers', () => {
  it('"my first year at the refinery" does not stop "thirty-two years at that refinery" from answering', () => {
    const story =
      'I went to work at the refinery in fifty-four. I was a union man from my first year at the refinery, I worked there proud. I retired in nineteen eighty-six, thirty-two years at that refinery.';
    // The decide stage's pick is what is tested: the calibrated decline (fitted on dev, confidence.ts) is off.
    confidenceTuning.on = false;
    try {
      expect(answerStory(story, 'how many years did you work at the refinery').answer).toContain('thirty-two years');
    } finally {
      confidenceTuning.on = true;
    }
  });
});
