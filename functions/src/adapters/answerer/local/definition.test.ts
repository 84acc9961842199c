import { describe, expect, it } from 'vitest';
import { answerStory } from './ask-for-tests.ts';
import { definedWord, defines } from './definition.ts';

describe('definition questions (local/definition.ts)', () => {
  it('are told by their form, and the word they ask about', () => {
    expect(definedWord('whats a mocha')).toBe('mocha');
    expect(definedWord('what is churchkhela?')).toBe('churchkhela');
    expect(definedWord('what does qvevri mean')).toBe('qvevri');
    expect(definedWord('what is your name')).toBeUndefined();
    expect(definedWord('what was the boat called')).toBeUndefined();
  });

  it('find the sentence that says what the word is, not a deed done to it', () => {
    expect(defines('The machete for cane is called a mocha, it is wide and heavy at the end.', 'mocha')).toBe(true);
    expect(defines('An arroba is twenty-five pounds.', 'arroba')).toBe(false);
    expect(defines('An arroba is a weight of twenty-five pounds.', 'arroba')).toBe(true);
    expect(defines('The mace was taken off first and pressed flat.', 'mace')).toBe(false);
    expect(defines('But I kept the mocha.', 'mocha')).toBe(false);
  });

  it('answer with that sentence though another uses the word too', () => {
    const story =
      'I cut cane for a whole season. The machete for cane is called a mocha, it is wide and heavy at the end. ' +
      'When I came home I kept the mocha.';
    expect(answerStory(story, 'whats a mocha').citedSentenceIds).toEqual([2]);
  });
});
