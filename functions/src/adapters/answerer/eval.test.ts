import { describe, expect, it } from 'vitest';
import { rate, scoreAnswerer } from '../../../../bench/interactive-eval/score.ts';
import { LocalAnswerer } from './local.ts';

/** The quality gate of the local answerer on the evaluation set (bench/interactive-eval/README.md; figures in docs/interactive.md). */
describe('local answerer on the evaluation set', () => {
  it('cites the answer for ≥ 80% of answerable questions and declines ≥ 90% of the others', async () => {
    const result = await scoreAnswerer(new LocalAnswerer());
    expect(result.answerable.total).toBeGreaterThanOrEqual(70);
    expect(result.declines.total).toBeGreaterThanOrEqual(30);
    expect(rate(result.answerable), result.failures.join('\n')).toBeGreaterThanOrEqual(0.8);
    expect(rate(result.declines), result.failures.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
