import { describe, expect, it } from 'vitest';
import { answerStory } from './ask-for-tests.ts';
import { expectRuleDeclines } from './check-for-tests.ts';

/**
 * Round 11's rules on made-up stories: each shows the answer the rule changes, and that a sentence which does
 * tell the fact still answers.
 */

describe("check: the narrator's brothers and sisters are not her children", () => {
  const story =
    'I was born in Gouyave in 1931, the third of six children. We lived above the shop on the main road. My mother sold nutmeg syrup.';

  it('"the third of six children" does not answer "how many kids did you have"', () => {
    expectRuleDeclines('siblings-for-children', story, 'how many kids did you have');
    expectRuleDeclines('siblings-for-children', story, 'how many children did you and grandpa have');
    expectRuleDeclines(
      'siblings-for-children',
      'We were four children, and the house had two rooms.',
      'how many kids do you have',
    );
  });

  it('still answers how many children were in her family, and her own children when the story tells them', () => {
    expect(answerStory(story, 'how many kids were in your family').answer).toContain('six');
    expect(
      answerStory(`${story} Later my husband and I had three children.`, 'how many kids did you have').answer,
    ).toContain('three');
  });
});
