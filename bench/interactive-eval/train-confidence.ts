/**
 * Fits the local answerer's calibrated decline (`functions/src/adapters/answerer/local/confidence.ts`) on the
 * dev split only and writes `confidence-model.json` beside it:
 * `node --import tsx bench/interactive-eval/train-confidence.ts`.
 *
 * Every dev question the answerer answers (with the gate off) is one example: its features, and whether the
 * cited sentence holds the gold answer (an answer to a question the story does not answer is wrong). A
 * logistic regression (`confidence-fit.ts`) gives the log-odds that an answer is right. The threshold is the highest, on a 0.1 grid, at which the answers the
 * gate declines hold at least two wrong ones for each right one. The validation and test splits are never read.
 */
import { writeFileSync } from 'node:fs';
import { answerLocally, decideLocally } from '@storyloom/functions/adapters/answerer/local';
import { confidenceTuning, FEATURES, featuresOf } from '@storyloom/functions/adapters/answerer/local/confidence';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { fitLogistic, thresholdFor } from './confidence-fit.ts';
import { heardCountFor, loadEvalSet } from './score.ts';

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
