import { afterEach, describe, expect, it } from 'vitest';
import { answerStory } from './ask-for-tests.ts';
import { attachedFacts } from './attach.ts';
import { checkTuning } from './check.ts';
import { expectRuleDeclines } from './check-for-tests.ts';
import { factsIn } from './entities.ts';
import { normalizeQuestion } from './question.ts';
import { questionTerms } from './retrieve.ts';

/**
 * Round 8's rules on made-up stories: each shows the answer the rule changes, and that a sentence which does
 * tell the fact still answers.
 */
afterEach(() => checkTuning.off.clear());

describe('attach: an opening phrase dates the clause after it', () => {
  const facts = (sentence: string, question: string) =>
    attachedFacts(sentence, factsIn(sentence), questionTerms(normalizeQuestion(question, new Set(), new Set()))).map(
      (f) => f.text,
    );

  it('"In 1958, the wet summer, we bought the farm" tells when the farm was bought', () => {
    expect(
      facts(
        'Then in nineteen fifty-eight, the wet summer, Tomas and me, we bought the farm.',
        'when did they buy the farm',
      ),
    ).toContain('nineteen fifty-eight');
    expect(
      answerStory(
        'We saved for years. Then in nineteen fifty-eight, the wet summer, Tomas and me, we bought the farm.',
        'when did they buy the farm',
      ).answer,
    ).toContain('nineteen fifty-eight');
  });

  it('an opening clause with its own subject keeps its year ("In 1958 I married, and we bought the farm")', () => {
    expect(
      facts('In 1958 I married Tomas, and we bought the farm much later.', 'when did they buy the farm'),
    ).not.toContain('1958');
  });
});

describe('check: whom the narrator did it to', () => {
  const story =
    'My mother was Agnes, she was from Ohio, and she always said she married the first farmer that asked her. I grew up on that farm. In 1950 I married Walter Price from the next valley.';

  it('"who did you marry" is not answered by whom the mother married', () => {
    const early =
      'My mother was Agnes, she was from Ohio, and she always said she married the first farmer that asked her. I grew up on that farm.';
    expectRuleDeclines('verb-of-other', early, 'who did grandma marry');
    expect(answerStory(story, 'who did grandma marry').answer).toContain('Walter Price');
  });

  it('"she came up to marry him" is her marrying', () => {
    const early = 'My mother, Rosa, was from the coast, she came up to marry him. I was born in the camp.';
    expectRuleDeclines('verb-of-other', early, 'who did you marry');
  });
});

describe('check: a clause opening with a name is that person’s', () => {
  it('"Arjun came to England first, in 1961" does not tell when the narrator came', () => {
    const story =
      'My cousin was the first of us to leave. Arjun came to England first, in nineteen sixty-one, and he wrote letters. I worked on the farm.';
    expectRuleDeclines('other-subject', story, 'what year did you come to england');
  });

  it('the full stop of "Mrs." does not end the clause: "I worked for a lady, Mrs. Hale, for two years"', () => {
    const story = 'Then I worked for a lady, Mrs. Hale, in her shop in Dover, for two years.';
    expect(answerStory(story, 'how long did you work for mrs hale').answer).toContain('two years');
  });
});

describe('facts: money in any currency, and the relative of someone named', () => {
  const kinds = (sentence: string) => factsIn(sentence).map((f) => `${f.kind}:${f.text}`);

  it('"two thousand roubles" is an amount, not the year 2000', () => {
    expect(kinds('We sold the flat for two thousand roubles.')).toEqual(['money:two thousand roubles']);
    expect(kinds('They paid me four hundred escudos a month.')).toContain('money:four hundred escudos');
    expect(kinds('In 1950 dollars were hard to come by.')).toContain('year:1950');
    const story =
      'We kept the little house by the lake for years. In the end we sold the house to Tomas for two thousand roubles.';
    expect(answerStory(story, 'how much did they sell the house for').answer).toContain('two thousand roubles');
  });

  it('"Nina Kovacs\'s nephew" answers who bought it, though Nina did not', () => {
    expect(kinds("We sold the house to Nina Kovacs's nephew.")).toContain("person:Nina Kovacs's nephew");
    const story =
      "We kept the little house by the lake for years. In the end Nina Kovacs's nephew bought the house from us.";
    expect(answerStory(story, 'who bought the house').answer).toContain('nephew');
  });
});

describe('retrieve: a word typed wrong', () => {
  const story =
    'I came to Chicago in the winter. My roommates were two girls from Cebu, Pilar and Dolores. I bought a bicycle for eleven dollars.';

  it('"roomates" and "bicyle" are the story\'s "roommates" and "bicycle"', () => {
    expect(answerStory(story, 'who were your roomates').answer).toContain('Pilar');
    expect(answerStory(story, 'how much did the bicyle cost').answer).toContain('eleven dollars');
  });

  it('a word spelled as meant is not taken for another ("study" is not "stud")', () => {
    const farm = 'We kept a stud bull on the farm. My father sold him in 1950.';
    expect(answerStory(farm, 'what did you study').declined).toBe('not-in-story');
  });
});

describe('check: "my sister Olga, she was born…" is the sister’s', () => {
  it('a year in a clause about "my sister" does not answer when the narrator was born', () => {
    const story =
      'We lived on Burrows Avenue. Steve was the oldest, born in thirty-two, and then me, and then my sister Olga, she was the baby, she was born in forty-three.';
    expectRuleDeclines('other-subject', story, 'when were you born');
  });
});

describe('facts: ages said with a hedge or a filler, and a difference in age', () => {
  const kinds = (sentence: string) => factsIn(sentence).map((f) => `${f.kind}:${f.text}`);

  it('"he was only fifty-four" and "when I was, what, fourteen" are ages', () => {
    expect(kinds('Dad died in seventy-one, he was only fifty-four.')).toContain('age:fifty-four');
    expect(kinds('I started picking when I was, what, fourteen.')).toContain('age:fourteen');
    expect(
      answerStory(
        'We lived on the farm. Dad died in seventy-one, he was only fifty-four.',
        'how old was your dad when he died',
      ).answer,
    ).toContain('fifty-four');
  });

  it('"four years older than me" is a span of years, and answers "how much older"', () => {
    expect(kinds('My sister Vera, who was four years older than me, stayed.')).toContain('duration:four years');
    expect(kinds('My sister Vera, who was four years older than me, stayed.')).not.toContain('age:four years old');
    expect(
      answerStory('We lived in Leningrad. My sister Vera was four years older than me.', 'how much older was vera')
        .answer,
    ).toContain('four years');
  });

  it('"four hundred réis" is money', () => {
    expect(kinds('They paid four hundred réis for every sack.')).toContain('money:four hundred réis');
  });
});

describe('normalize: a grandparent word ending in s, typed without its apostrophe', () => {
  it('"grams pet lamb" is "your pet lamb"; "did grams ever" is "did you ever"', () => {
    const words = new Set(['lamb']);
    expect(normalizeQuestion('what was the name of grams pet lamb', words, words).text).toBe(
      'what was the name of your pet lamb',
    );
    expect(normalizeQuestion('did grams ever go back', words, words).text).toBe('did you ever go back');
  });
});

describe('facts: a name opening a sentence in the present tense', () => {
  it('"Harpreet runs the shop now" says who runs it', () => {
    expect(factsIn('Harpreet runs the shop now.').map((f) => `${f.kind}:${f.text}`)).toContain('person:Harpreet');
    const story = 'We opened the sweet shop in 1976. I am retired now. Harpreet runs the shop now, with his wife.';
    expect(answerStory(story, 'who runs the shop now').answer).toContain('Harpreet');
  });
});
