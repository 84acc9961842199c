/**
 * Fits the local answerer's calibrated decline (`functions/src/adapters/answerer/local/confidence.ts`) on the
 * dev split only and writes `confidence-model.json` beside it:
 * `node --import tsx bench/interactive-eval/train-confidence.ts`.
 *
 * Every dev question the answerer answers with the gate off is one example (`confidence-examples.ts`). A
 * logistic regression (`confidence-fit.ts`) gives the log-odds that an answer is right; the threshold is the
 * highest, on a 0.1 grid, at which the answers the gate declines hold at least two wrong ones for each right
 * one. The validation and test splits are never read.
 */
import { writeFileSync } from 'node:fs';
import { FEATURES, featuresOf } from '@storyloom/functions/adapters/answerer/local/confidence';
import { devAnswers } from './confidence-examples.ts';
import { fitLogistic, thresholdFor } from './confidence-fit.ts';

const examples = devAnswers().map((e) => ({ x: featuresOf(e.input), right: e.right }));

const model = fitLogistic(
  examples.map((e) => e.x),
  examples.map((e) => e.right),
);
const { threshold, ...chosen } = thresholdFor(
  examples.map((e) => model.score(e.x)),
  examples.map((e) => e.right),
);
const { mean, sd, weights, bias } = model;

const out = {
  about: 'Fitted on the dev split by bench/interactive-eval/train-confidence.ts; do not edit by hand.',
  features: FEATURES,
  mean,
  sd,
  weights,
  bias,
  threshold,
  trainedOn: {
    answers: examples.length,
    right: examples.filter((e) => e.right).length,
    declinedAtThreshold: chosen,
  },
};
const file = new URL('../../functions/src/adapters/answerer/local/confidence-model.json', import.meta.url);
writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
console.log(
  `${examples.length} dev answers (${out.trainedOn.right} right); threshold ${threshold}: declines ${chosen.wrong} wrong and ${chosen.right} right answers on dev`,
);
