import { describe, expect, it } from 'vitest';
import { answerLocally } from '../local.ts';
import { splitSentences } from '../text.ts';
import { pointsBack } from './follow-up.ts';

const STORY =
  'I met your grandfather at a dance in Eau Claire. That was the spring of 1948. ' +
  'My sister Ruth married a farmer named Carl in 1955. He was a quiet man who raised sheep. ' +
  'Years later we moved to Duluth, and we ate fish every Friday.';
const sentences = splitSentences(STORY);
/** A made-up story heard to its end, asked one question (after an answer that cited `follows`). */
const askIn = (text: string, question: string, follows?: number[]) => {
  const all = splitSentences(text);
  return answerLocally({ story: { title: 'T' }, sentences: all, heardCount: all.length, question, follows });
};
const ask = (question: string, follows?: number[], heardCount = sentences.length) =>
  answerLocally({ story: { title: 'How we met' }, sentences, heardCount, question, follows });

describe('follow-ups (docs/interactive.md, "Follow-ups")', () => {
  it('are told from questions that stand alone', () => {
    for (const q of [
      'what year was that',
      'how old was he',
      'why',
      'and grandpa?',
      'where was it',
      'what happened after that',
    ])
      expect(pointsBack(q), q).toBe(true);
    for (const q of ['where did you meet grandpa', 'how many sheep did carl raise', 'what did you eat on fridays'])
      expect(pointsBack(q), q).toBe(false);
  });

  it('are asked about what the previous answer told, also when the answer is in the sentence after it', () => {
    const met = ask('where did you meet grandpa');
    expect(met.citedSentenceIds).toEqual([1]);
    const year = ask('what year was that', met.citedSentenceIds);
    expect(year.answer).toContain('1948');
    expect(year.citedSentenceIds).toContain(2);
    // The same words after Ruth's wedding ask about another year.
    expect(ask('what year was that', [3]).answer).toContain('1955');
  });

  it('carry a person: "what did he raise" after Carl', () => {
    expect(ask('what did he raise', [3]).citedSentenceIds).toContain(4);
  });

  it('change nothing for a question that points back but asks something new, nor without a previous answer', () => {
    expect(ask('what did they eat on fridays', [1]).citedSentenceIds).toEqual(
      ask('what did they eat on fridays').citedSentenceIds,
    );
    expect(ask('what year was that', []).answer).toEqual(ask('what year was that').answer);
  });

  it('use only sentences heard: a previous answer beyond what is heard is ignored', () => {
    expect(ask('what year was that', [3], 2)).toEqual(ask('what year was that', undefined, 2));
  });

  it('asking her name, take a town or a church the next sentences name for no name of hers', () => {
    const wife = "The rancher's wife sent me a fruitcake every Christmas.";
    expect(askIn(`${wife} In 1962 Miles City went over to dial telephones.`, 'what was her name', [1]).declined).toBe(
      'not-in-story',
    );
    expect(askIn(`${wife} Her name was Dora Pruitt.`, 'what was her name', [1]).answer).toContain('Dora Pruitt');
  });

  it('about an event, are answered by a sentence that tells it, not by any person near the last answer', () => {
    const car =
      'My father bought a green Chevrolet in the spring of 1949. He paid three hundred dollars for it.\n\n' +
      'My brother Walt was born the winter after we got the car. Mother said the car got her to the hospital in time.\n\n' +
      'We drove that car to the lake every Sunday. It had a rumble seat, and my sister June and I rode back there.\n\n' +
      'In 1956 Father sold the car to Mr Hanson down the road for eighty dollars.';
    const walt = askIn(car, 'when was uncle walt born');
    expect(walt.citedSentenceIds).toEqual([3]);
    expect(askIn(car, 'who did he sell it to', walt.citedSentenceIds).answer).toContain('Mr Hanson');
  });
});
