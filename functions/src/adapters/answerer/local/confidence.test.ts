import { afterEach, describe, expect, it } from 'vitest';
import { loadEvalSet, scoreAnswerer } from '../../../../../bench/interactive-eval/score.ts';
import { LocalAnswerer } from '../local.ts';
import { confidenceTuning, FEATURES, scoreOf } from './confidence.ts';
import model from './confidence-model.json';

/**
 * The calibrated decline (confidence.ts). The model file is fitted on dev by
 * bench/interactive-eval/train-confidence.ts; these tests check that it fits the code that reads it, and that on
 * dev it turns down at least two wrong answers for each right one it loses, as the threshold rule says.
 */
afterEach(() => {
  confidenceTuning.on = true;
});

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

  it('on dev, declines at least two wrong answers for each right one it loses', async () => {
    const stories = loadEvalSet('dev');
    confidenceTuning.on = false;
    const off = await scoreAnswerer(new LocalAnswerer(), stories);
    confidenceTuning.on = true;
    const on = await scoreAnswerer(new LocalAnswerer(), stories);
    const wrongOff = off.unsupported.answersGiven - off.answerable.right;
    const wrongOn = on.unsupported.answersGiven - on.answerable.right;
    const rightLost = off.answerable.right - on.answerable.right;
    expect(wrongOff - wrongOn).toBeGreaterThan(0);
    expect(wrongOff - wrongOn).toBeGreaterThanOrEqual(2 * rightLost);
    // Two passes over the 54 dev stories: longer than the default time-out when the suite runs in parallel.
  }, 120_000);
});
