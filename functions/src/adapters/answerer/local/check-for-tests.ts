import { expect } from 'vitest';
import { answerStory } from './ask-for-tests.ts';
import { checkTuning } from './check.ts';
import { confidenceTuning } from './confidence.ts';

/**
 * The check rules' tests share these: each shows what one rule changes by asking the same story and question
 * with the rule switched off. Not used by the answerer itself.
 */
export function withRuleOff<T>(rule: string, ask: () => T): T {
  checkTuning.off.add(rule);
  try {
    return ask();
  } finally {
    checkTuning.off.delete(rule);
  }
}

/**
 * The rule turns the answer into "My story doesn't say": with it off, the same story and question answer. The
 * calibrated decline (confidence.ts) is off for both, so the decline shown is the rule's own.
 */
export function expectRuleDeclines(rule: string, story: string, question: string): void {
  confidenceTuning.on = false;
  try {
    expect(withRuleOff(rule, () => answerStory(story, question)).declined).toBe(false);
    expect(answerStory(story, question).declined).toBe('not-in-story');
  } finally {
    confidenceTuning.on = true;
  }
}
