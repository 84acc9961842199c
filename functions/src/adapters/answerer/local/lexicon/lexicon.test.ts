import { describe, expect, it } from 'vitest';
import { lemmaTerm, splitSentences } from '../../text.ts';
import { answerStory } from '../ask-for-tests.ts';
import { normalizeQuestion } from '../question.ts';
import { questionTerms, retrieve, storyIndex } from '../retrieve.ts';
import { isKindOf, relatedTerms } from './lexicon.ts';

/** The index term of a word, as a story sentence or a question holds it. */
const term = (word: string) => lemmaTerm(word)!;
const related = (a: string, b: string) => relatedTerms(term(a)).includes(term(b));

describe('lexicon (WordNet, cut at build time)', () => {
  it('relates synonyms and derived forms, both ways', () => {
    expect(related('purchase', 'buy')).toBe(true);
    expect(related('buy', 'purchase')).toBe(true);
    expect(related('physician', 'doctor')).toBe(true);
    expect(related('pianist', 'piano')).toBe(true);
    expect(related('departure', 'depart')).toBe(true);
    // What a deed causes: "killed" tells that they died.
    expect(related('die', 'kill')).toBe(true);
  });

  it('never relates opposites, the synonyms of an opposite, nor an event and the one it presupposes', () => {
    for (const [a, b] of [
      ['buy', 'sell'],
      ['lend', 'borrow'],
      ['hot', 'cold'],
      ['win', 'lose'],
      ['wake', 'sleep'],
      ['wake', 'slumber'],
      ['arrive', 'leave'],
      // An event that presupposes an earlier one is not that one: its date would answer the wrong question.
      ['divorce', 'marry'],
      ['awaken', 'sleep'],
    ] as const) {
      expect(related(a, b), `${a} / ${b}`).toBe(false);
      expect(related(b, a), `${b} / ${a}`).toBe(false);
    }
  });

  it('knows what a thing is a kind of, rare names included, and only upward', () => {
    expect(isKindOf(term('cello'), term('instrument'))).toBe(true);
    expect(isKindOf(term('sparrow'), term('bird'))).toBe(true);
    expect(isKindOf(term('truck'), term('vehicle'))).toBe(true);
    expect(isKindOf(term('instrument'), term('cello'))).toBe(false);
    // Too broad a kind says nothing: everything is an object.
    expect(isKindOf(term('cello'), term('object'))).toBe(false);
  });

  it('gives nothing for a word it does not hold', () => {
    expect(relatedTerms('zzzz')).toEqual([]);
    expect(isKindOf('zzzz', term('bird'))).toBe(false);
  });
});

describe('the answerer with the lexicon', () => {
  const ask = answerStory;

  it('answers a question in other words than the story', () => {
    const story =
      'We lived above the bakery on Elm Street. In 1958 my father purchased a green Hudson from a neighbour. My brother wanted to drive it.';
    expect(ask(story, 'when did your dad buy the car')).toMatchObject({ declined: false, citedSentenceIds: [2] });
  });

  it('says which one when the story names a kind of the thing asked', () => {
    const story = 'My uncle Aldo came from Trieste. He played the cello in a dance band every Saturday.';
    const answer = ask(story, 'what instrument did uncle aldo play');
    expect(answer).toMatchObject({ declined: false, citedSentenceIds: [2] });
    expect(answer.answer).toMatch(/cello/);
  });

  it('does not match the opposite deed', () => {
    const index = storyIndex({
      sentences: splitSentences('He sold a horse. He bought a mule.'),
      story: { title: 'T' },
    });
    const terms = questionTerms(normalizeQuestion('what did he purchase', index.words, index.otherKin), index);
    expect(retrieve(index, terms).map((c) => c.id)).toEqual([2]);
  });

  it('reads a garden flower WordNet files as a shrub as a flower ("a garden full of roses")', () => {
    expect(isKindOf('rose', 'flower')).toBe(true);
    expect(isKindOf('rose', 'shrub')).toBe(true);
    const story = 'We bought a little house on Maple Street. It had a garden full of roses and lilacs.';
    expect(answerStory(story, 'what flowers were in the garden').citedSentenceIds).toEqual([2]);
  });
});
