import { describe, expect, it } from 'vitest';
import { askStages } from './ask-for-tests.ts';
import { attachedFacts, mainClauses } from './attach.ts';
import { factsIn } from './entities.ts';
import { normalizeQuestion } from './question.ts';
import { questionTerms } from './retrieve.ts';

const ask = askStages;

describe('attach: a fact belongs to the event of its own main clause', () => {
  it('cuts a sentence where a new subject starts, not where a clause only describes the one before', () => {
    const texts = (s: string) => mainClauses(s).map((c) => s.slice(c.start, c.end));
    expect(texts('I joined the bank in May 1970, and I kept the key until the day I left.')).toEqual([
      'I joined the bank in May 1970',
      'I kept the key until the day I left.',
    ]);
    expect(texts('The driver was a man named Bert, and he was about six foot two.')).toHaveLength(1);
    expect(texts('I went out with my first crew in 1975, I was sixteen.')).toHaveLength(1);
  });
  it('does not date an event with the year of another clause', () => {
    const sentence = 'I joined the bank in May 1970, and I kept the key until the day I left.';
    const terms = questionTerms(normalizeQuestion('when did you leave', new Set(), new Set()));
    expect(attachedFacts(sentence, factsIn(sentence), terms).map((f) => f.text)).not.toContain('1970');
    const joined = questionTerms(normalizeQuestion('when did you join the bank', new Set(), new Set()));
    expect(attachedFacts(sentence, factsIn(sentence), joined).map((f) => f.text)).toContain('1970');
  });
  it('lets a clause opening with a pronoun speak of the person named just before', () => {
    const { decision } = ask(
      'We opened a shop. Mrs. Ortiz from next door, she came by every day, and she would teach me a word.',
      'who taught you',
    );
    expect(decision).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('retrieve: numbers, names and pronouns', () => {
  it('finds a number said in words from one typed in digits, and a year by its last two digits', () => {
    const story = 'The hard one was the winter of sixty-two, when the shed fell in. We moved in 1971.';
    expect(ask(story, 'what happened in the winter of 62').decision).toMatchObject({
      kind: 'answer',
      chosen: { id: 1 },
    });
    expect(ask(story, "what did you do in '71").decision).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
  it('keeps the person named a few sentences back while the pronouns go on', () => {
    const story = 'Then there was Walter. He drove a bus. He was quiet and kind. One day he gave me a red scarf.';
    expect(ask(story, 'what did walter give you').decision).toMatchObject({ kind: 'answer', chosen: { id: 4 } });
  });
  it('does not require a language said as an adjective to be a person the sentence speaks of', () => {
    const story = 'We came in 1980. At first I found English hard. Mr. Lee taught me every evening.';
    const { decision, terms } = ask(story, 'who taught you english');
    expect(terms.map((t) => t.term)).toContain('english');
    expect(decision).toMatchObject({ kind: 'answer', chosen: { id: 3 } });
  });
});
