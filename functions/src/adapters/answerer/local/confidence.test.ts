import { describe, expect, it } from 'vitest';
import { FEATURES, scoreOf } from './confidence.ts';
import model from './confidence-model.json';

/**
 * The calibrated decline (confidence.ts). The model file is fitted on dev by
 * bench/interactive-eval/train-confidence.ts; these tests check that it fits the code that reads it (the
 * two-to-one rule on dev is checked in eval.test.ts, which scores dev with and without it).
 */

describe('calibrated decline', () => {
  it('reads the features the model was fitted on, in the same order', () => {
    expect(model.features).toEqual([...FEATURES]);
    expect(model.weights).toHaveLength(FEATURES.length);
  });

  it('scores a strong answer above the threshold and a weak one below it', () => {
    // coverage, passing, lead share, has fact, bridged, question terms, absent terms, coverage short
    // of the best, untyped, yes/no, loose only, turned down by checks
    const strong = [1, 1, 1, 1, 0, 2, 0, 0, 0, 0, 0, 0];
    const weak = [0.3, 4, 0, 0, 1, 4, 2, 0.7, 1, 0, 0, 3];
    expect(scoreOf(strong)).toBeGreaterThan(model.threshold);
    expect(scoreOf(weak)).toBeLessThan(model.threshold);
  });
});
