import { describe, expect, it } from 'vitest';
import { splitSentences } from '../text.ts';
import { askStages } from './ask-for-tests.ts';
import { decide, judge } from './decide.ts';
import { factsIn } from './entities.ts';
import { deniesVerb } from './loose.ts';
import { normalizeQuestion } from './question.ts';
import { questionTerms, retrieve, storyIndex } from './retrieve.ts';

const ask = (story: string, q: string, heard?: number) => askStages(story, q, heard).decision;

describe('idioms read as what they mean', () => {
  it('answers "when did he pass away" from the sentence saying he died', () => {
    const story = 'My uncle Bert drove a milk float. He died in 1971, the winter of the big snow.';
    expect(ask(story, 'when did uncle bert pass away')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('"that\'s where"', () => {
  it('takes the place of the sentence before for a sentence that points back to it', () => {
    const story =
      'I was in the county hospital in Abilene for a month. That is where I met your grandma, she was a nurse.';
    expect(ask(story, 'where did you meet grandma')).toMatchObject({ kind: 'answer', chosen: { id: 2, bridge: 1 } });
  });
});

describe('where someone was from', () => {
  it('prefers the place after "from" to a place after another preposition, across sentences', () => {
    const story =
      'That was the winter I met your grandfather, at a dance at the Palais in Leeds. He was from Cork, and he never let me forget it.';
    expect(ask(story, 'where was grandpa from')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('when something stopped', () => {
  it('takes "until 1971" as when it stopped, not when it started', () => {
    const story = 'My aunt ran the post office until 1971, and the whole village loved her. She grew roses.';
    expect(ask(story, 'when did your aunt stop running the post office')).toMatchObject({
      kind: 'answer',
      chosen: { id: 1 },
    });
    expect(ask(story, 'when did your aunt start running the post office')).toEqual({ kind: 'not-in-story' });
  });
});

describe('age questions', () => {
  it('reads "two and a half years old" as an age', () => {
    expect(factsIn('He was two and a half years old by then.').map((f) => `${f.kind}:${f.text}`)).toContain(
      'age:two and a half years old',
    );
  });
  it('reads "a widow of about fifty" as her age, not the year fifty', () => {
    const kinds = factsIn('The head cook was Mrs Lind, a widow of about fifty.').map((f) => `${f.kind}:${f.text}`);
    expect(kinds).toContain('age:fifty');
    expect(kinds).not.toContain('year:fifty');
  });
  it('takes "when I was seven" as the age of the sentence\'s event, in whichever clause it stands', () => {
    const story = 'We lived above the shop. My job, from when I was seven, I folded the sheets.';
    expect(ask(story, 'how old were you when you started folding the sheets')).toMatchObject({
      kind: 'answer',
      chosen: { id: 2 },
    });
  });
});

describe("the narrator's own questions", () => {
  it('takes the answer from the sentence after one that asks, not the numbers of the asking one', () => {
    const story =
      'The first flat was small, two rooms up, two rooms down, and how many people living there? Twelve, no, thirteen people. We cooked in shifts.';
    expect(ask(story, 'how many people lived in the first flat')).toMatchObject({
      kind: 'answer',
      chosen: { id: 1, bridge: 2 },
    });
  });
});

describe('yes/no questions to the narrator', () => {
  it('prefer the sentence where the narrator does the deed to one where someone else does', () => {
    const story =
      'My sister cooked in the camp again the next winter. I never cooked in a camp again after that winter, not once in my life.';
    expect(ask(story, 'did you ever cook in a camp again')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
  });
});

describe('the looser pass (the question verb unsaid)', () => {
  it('answers "who owned the bakery" from the one sentence that names the bakery and a person', () => {
    const story =
      'On our street there was the chemist, then the cobbler, then the Polish fella with the bakery, Stefan. We bought rye bread on Fridays.';
    expect(ask(story, 'who owned the bakery')).toMatchObject({ kind: 'answer', chosen: { id: 1 } });
  });
  it('declines when two sentences qualify so', () => {
    const story =
      'First there was the Polish fella with the bakery, Stefan. Later the bakery went to a Greek fella, Nikos. We bought rye bread on Fridays.';
    expect(ask(story, 'who owned the bakery')).toEqual({ kind: 'not-in-story' });
  });
  it('declines when the one sentence is not heard yet', () => {
    const story = 'We bought rye bread on Fridays. Then there was the Polish fella with the bakery, Stefan.';
    expect(ask(story, 'who owned the bakery', 1).kind).not.toBe('answer');
  });
  it('never does without a verb of birth, death or marriage', () => {
    const story = 'We lived over the shop. The pony was brought to us from Galway in the spring of 1960.';
    expect(ask(story, 'when did the pony arrive')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    expect(ask(story, 'when was the pony born')).toEqual({ kind: 'not-in-story' });
    expect(ask(story, 'when did the pony die')).toEqual({ kind: 'not-in-story' });
  });
  it('needs a thing the question names, not only a person', () => {
    const story = 'My brother flew the mail planes for years, from 1950. We lived over the shop.';
    expect(ask(story, 'did your brother ever crash')).toEqual({ kind: 'not-in-story' });
  });
  it("does without the story's setting when one sentence alone qualifies", () => {
    const askIn = (text: string, q: string) => {
      const sentences = splitSentences(text);
      const index = storyIndex({ sentences, story: { title: 'Mill girl', location: 'Leeds' } });
      const question = normalizeQuestion(q, index.words, index.otherKin);
      const terms = questionTerms(question, index);
      return decide(judge(index, retrieve(index, terms), question, terms), index, sentences.length);
    };
    const story = 'My cousin worked in the mill. I came up on the night train in March of 1951. We lived in Hunslet.';
    expect(askIn(story, 'when did you come to leeds')).toMatchObject({ kind: 'answer', chosen: { id: 2 } });
    const twice = `${story} My brother came down in June of 1953.`;
    expect(askIn(twice, 'when did you come to leeds')).toEqual({ kind: 'not-in-story' });
  });
});

describe('a yes/no question answered by its verb denied', () => {
  it('answers "did he ever complain about the mill" with "He never complained", not with another object', () => {
    const story =
      'My husband Aled worked at the tinplate mill in Llanelli for thirty-one years, on the night shift. The work was hot and the pay was poor. He never complained.';
    expect(askStages(story, 'did he ever complain about the mill').decision).toMatchObject({
      kind: 'answer',
      chosen: { id: 3 },
    });
    expect(deniesVerb('I had never seen the ocean.', ['see'], new Set(['see', 'surrend']))).toBe(false);
    expect(deniesVerb('I did not find my family.', ['find'], new Set(['find', 'famili']))).toBe(true);
  });
});
