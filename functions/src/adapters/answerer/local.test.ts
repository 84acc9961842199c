import { describe, expect, it } from 'vitest';
import { answerLocally, toFirstPerson } from './local.ts';
import { type Answer, grounded } from './port.ts';
import { splitSentences } from './text.ts';

const CONTENT =
  'I met your grandfather at the Roseland dance hall in 1952.\n\nHe was working at the shipyard then. ' +
  'He told me he was twenty-three. Years later, he proposed on the Coney Island boardwalk.';
const sentences = splitSentences(CONTENT);
const ask = (question: string, heardCount = sentences.length) =>
  answerLocally({ story: { title: 'Grandpa', location: 'Brooklyn' }, sentences, heardCount, question });

describe('sentences', () => {
  it('are numbered from 1 with offsets into the text, across paragraph breaks', () => {
    expect(sentences.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    for (const s of sentences) expect(CONTENT.slice(s.start, s.end)).toBe(s.text);
    expect(sentences[1]!.text).toBe('He was working at the shipyard then.');
  });
});

describe('local answerer', () => {
  it('answers from the heard text, citing the sentence', () => {
    const answer = ask('Where did you meet grandpa?');
    expect(answer.declined).toBe(false);
    expect(answer.citedSentenceIds).toContain(1);
    expect(answer.answer).toContain('Roseland dance hall');
  });

  it('says "not yet heard" when only the unheard part answers', () => {
    expect(ask('Where did grandpa propose?', 2).declined).toBe('not-yet-heard');
    expect(ask('Where did grandpa propose?').citedSentenceIds).toContain(4);
  });

  it('answers a kinship word for the narrator in a short first-person sentence with the fact', () => {
    const answer = ask('how old was grandpa');
    expect(answer).toMatchObject({ declined: false, citedSentenceIds: [3] });
    expect(answer.answer).toBe('He told me he was twenty-three.');
  });

  it('prints a trace of every stage for one question', () => {
    const trace: string[] = [];
    answerLocally(
      { story: { title: 'Grandpa' }, sentences, heardCount: 4, question: 'what year did you meet grandpa' },
      'local',
      trace,
    );
    expect(trace.map((line) => line.split(':')[0])).toEqual(
      expect.arrayContaining(['normalize', 'retrieve', 'type-match', 'decide', 'phrase']),
    );
    expect(trace.at(-1)).toContain('1952');
  });

  it('says the story does not say when nothing answers', () => {
    const answer = ask('What was the name of your first dog?');
    expect(answer).toMatchObject({ declined: 'not-in-story', citedSentenceIds: [] });
    expect(answer.answer).toMatch(/^My story doesn't say/);
  });
});

describe('first person', () => {
  it('turns the narrator named in the third person into "I"', () => {
    expect(toFirstPerson("Rose met Tom in 1952. Rose's dress was blue, and Tom loved Rose.", ['Rose'])).toBe(
      'I met Tom in 1952. My dress was blue, and Tom loved me.',
    );
    expect(toFirstPerson('And then we left.', [])).toBe('Then we left.');
  });
});

describe('grounded', () => {
  const base: Answer = { answer: 'Yes.', citedSentenceIds: [1], declined: false, engine: 'openai' };
  it('keeps answers citing heard sentences or the details', () => {
    expect(grounded({ ...base, citedSentenceIds: [2, 0, 2] }, 2).citedSentenceIds).toEqual([0, 2]);
  });
  it('declines answers citing nothing, or a sentence not heard', () => {
    expect(grounded({ ...base, citedSentenceIds: [] }, 2).declined).toBe('not-in-story');
    expect(grounded({ ...base, citedSentenceIds: [1, 3] }, 2).declined).toBe('not-in-story');
    expect(grounded({ ...base, citedSentenceIds: [1.5] }, 2).declined).toBe('not-in-story');
  });
});
