import { describe, expect, it } from 'vitest';
import { goldProblems, loadEvalSet, rate, scoreAnswerer } from '../../../../bench/interactive-eval/score.ts';
import { LocalAnswerer } from './local.ts';

/**
 * The quality gate of the local answerer on the dev split of the evaluation corpus
 * (bench/interactive-eval/README.md; figures for dev and test in docs/interactive.md). The test split is
 * never scored here: it is for reporting only.
 */
describe('local answerer on the dev split', () => {
  it('has gold that holds: every gold phrase is in a heard sentence', () => {
    expect(goldProblems([...loadEvalSet('dev'), ...loadEvalSet('validation'), ...loadEvalSet('test')])).toEqual([]);
  });

  it('cites the answer and declines at least as well as when these figures were last recorded (docs/interactive.md)', async () => {
    const result = await scoreAnswerer(new LocalAnswerer(), loadEvalSet('dev'));
    expect(result.answerable.total).toBeGreaterThanOrEqual(2650);
    expect(rate(result.answerable), result.failures.join('\n')).toBeGreaterThanOrEqual(0.607);
    expect(rate(result.declines), result.failures.join('\n')).toBeGreaterThanOrEqual(0.879);
    expect(result.unsupported.count / result.unsupported.answersGiven).toBeLessThanOrEqual(0.05);
  });
});
