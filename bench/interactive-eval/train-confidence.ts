/**
 * Fits the local answerer's calibrated decline (`functions/src/adapters/answerer/local/confidence.ts`) on the
 * dev split only and writes `confidence-model.json` beside it:
 * `node --import tsx bench/interactive-eval/train-confidence.ts`.
 *
 * Every dev question the answerer answers (with the gate off) is one example: its features, and whether the
 * cited sentence holds the gold answer (an answer to a question the story does not answer is wrong). A
 * logistic regression (standardised features, L2, plain gradient descent: deterministic, no dependency) gives
 * the log-odds that an answer is right. The threshold is the highest, on a 0.1 grid, at which the answers the
 * gate declines hold at least two wrong ones for each right one. The validation and test splits are never read.
 */
import { writeFileSync } from 'node:fs';
import { answerLocally, decideLocally } from '@storyloom/functions/adapters/answerer/local';
import { confidenceTuning, FEATURES, featuresOf } from '@storyloom/functions/adapters/answerer/local/confidence';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { heardCountFor, loadEvalSet } from './score.ts';

const RATIO = 2;
const L2 = 0.01;
const RATE = 0.1;
const STEPS = 5000;

confidenceTuning.on = false;
const examples: { x: number[]; right: number }[] = [];
for (const story of loadEvalSet('dev')) {
  const sentences = splitSentences(story.content);
  const request = {
    story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
    sentences,
  };
  for (const q of story.questions) {
    const heardCount = heardCountFor(sentences, story.content, q.asked_after);
    const answer = answerLocally({ ...request, heardCount, question: q.q });
    if (answer.declined) continue;
    const expected = q.expect;
    const cited = answer.citedSentenceIds.map((id) => sentences.find((s) => s.id === id)?.text ?? '');
    const right = typeof expected !== 'string' && cited.some((t) => expected.answer.some((p) => t.includes(p)));
    const { index, question, terms, judged, decision } = decideLocally({ ...request, heardCount, question: q.q });
    if (decision.kind !== 'answer') continue;
    examples.push({ x: featuresOf({ judged, chosen: decision.chosen, question, terms, index }), right: right ? 1 : 0 });
  }
}

const n = FEATURES.length;
const mean = FEATURES.map((_, i) => examples.reduce((s, e) => s + e.x[i]!, 0) / examples.length);
const sd = FEATURES.map((_, i) => {
  const v = examples.reduce((s, e) => s + (e.x[i]! - mean[i]!) ** 2, 0) / examples.length;
  return v > 1e-12 ? Math.sqrt(v) : 1;
});
const z = examples.map((e) => e.x.map((x, i) => (x - mean[i]!) / sd[i]!));
const weights = new Array<number>(n).fill(0);
let bias = 0;
for (let step = 0; step < STEPS; step++) {
  const gradient = new Array<number>(n).fill(0);
  let gradientBias = 0;
  z.forEach((x, k) => {
    const p = 1 / (1 + Math.exp(-(x.reduce((s, xi, i) => s + xi * weights[i]!, bias) || 0)));
    const error = p - examples[k]!.right;
    x.forEach((xi, i) => {
      gradient[i]! += error * xi;
    });
    gradientBias += error;
  });
  for (let i = 0; i < n; i++) weights[i]! -= RATE * (gradient[i]! / z.length + L2 * weights[i]!);
  bias -= (RATE * gradientBias) / z.length;
}
const scores = z.map((x) => x.reduce((s, xi, i) => s + xi * weights[i]!, bias));

let threshold = Number.NEGATIVE_INFINITY;
let chosen = { wrong: 0, right: 0 };
for (let t = -3; t <= 1.0001; t += 0.1) {
  const below = scores.map((s, k) => ({ s, right: examples[k]!.right })).filter((e) => e.s < t);
  const wrong = below.filter((e) => !e.right).length;
  const right = below.length - wrong;
  if (wrong > 0 && wrong >= RATIO * right) {
    threshold = Math.round(t * 10) / 10;
    chosen = { wrong, right };
  }
}

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
