import { describe, expect, it } from 'vitest';
import { answerStory } from './ask-for-tests.ts';
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
