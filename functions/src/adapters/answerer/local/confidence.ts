import model from './confidence-model.json';
import type { Judged } from './decide.ts';
import type { NormalizedQuestion } from './question.ts';
import type { StoryIndex } from './retrieve.ts';

/**
 * The calibrated decline: how likely the sentence the decide stage chose is the answer, from what the stages
 * already measured (how much of the question it covers, how far ahead of the next candidate it is, whether its
 * fact came from the next sentence, how many of the question's words the story never says…). A logistic
 * model fitted on the dev split only (`bench/interactive-eval/train-confidence.ts` writes
 * `confidence-model.json`); below its threshold the answer is "My story doesn't say" — a decline is always
 * better than a wrong fact. The threshold is the lowest at which, on dev, every right answer the gate loses
 * buys at least two wrong ones avoided (docs/interactive.md, "Round 10").
 */

/** The features, in the model's order (`confidence-model.json` lists the same names). */
export const FEATURES = [
  'coverage',
  'passing',
  'leadShare',
  'hasFact',
  'bridged',
  'questionTerms',
  'absentTerms',
  'coverageShortOfBest',
  'untyped',
  'yesNo',
  'looseOnly',
  'turnedDownByChecks',
] as const;

export interface ConfidenceInput {
  judged: readonly Judged[];
  chosen: Judged;
  question: NormalizedQuestion;
  terms: readonly { term: string; pos?: string }[];
  index: StoryIndex;
}

/** The feature values of one chosen answer. */
export function featuresOf({ judged, chosen, question, terms, index }: ConfidenceInput): number[] {
  const passing = judged.filter((j) => j.passes && j !== chosen).sort((a, b) => b.value - a.value);
  const best = Math.max(...judged.map((j) => j.coverage));
  return [
    chosen.coverage,
    passing.length + 1,
    // How far ahead of the next passing sentence, as a share of its own score (BM25 values grow with a story's
    // length; a share does not, so a short story is judged like a long one).
    chosen.value > 0 ? (chosen.value - (passing[0]?.value ?? 0)) / chosen.value : 0,
    chosen.facts.length ? 1 : 0,
    chosen.bridge === undefined ? 0 : 1,
    terms.length,
    terms.filter((t) => !index.df.has(t.term)).length,
    best - chosen.coverage,
    question.want === 'any' ? 1 : 0,
    question.yesNo ? 1 : 0,
    chosen.looseOnly ? 1 : 0,
    judged.filter((j) => j.blocked?.some((b) => b.startsWith('check:'))).length,
  ];
}

/** The model's score (log-odds that the answer is right) for these feature values. */
export function scoreOf(features: readonly number[]): number {
  let z = model.bias;
  features.forEach((x, i) => {
    z += model.weights[i]! * ((x - model.mean[i]!) / model.sd[i]!);
  });
  return z;
}

export const confidenceTuning = {
  /** Off: every answer the decide stage chose is given (the training script scores with it off). */
  on: true,
};

/** The score of the chosen answer, and whether it clears the threshold. */
export function confidence(input: ConfidenceInput): { score: number; confident: boolean } {
  const score = scoreOf(featuresOf(input));
  return { score, confident: !confidenceTuning.on || score >= model.threshold };
}
