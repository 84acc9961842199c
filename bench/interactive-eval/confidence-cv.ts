/**
 * Cross-validation by whole stories of the calibrated decline's feature sets, on the dev split only:
 * `node --import tsx bench/interactive-eval/confidence-cv.ts`. For each tenth of the dev stories, a model is fitted on
 * the other stories (as train-confidence.ts fits it, threshold by the same two-to-one rule on those stories) and
 * applied to the held-out stories' answers; the totals say what the gate would have done on stories it never saw.
 * The validation and test splits are never read.
 */
import { type ConfidenceInput, FEATURES, featuresOf } from '@storyloom/functions/adapters/answerer/local/confidence';
import type { Judged } from '@storyloom/functions/adapters/answerer/local/decide';
import type { StoryIndex } from '@storyloom/functions/adapters/answerer/local/retrieve';
import { devAnswers } from './confidence-examples.ts';
import { fitLogistic, fitStumps, thresholdFor } from './confidence-fit.ts';

/** Candidate features this script measures beside the model's own (confidence.ts FEATURES). */
const EXTRA_FEATURES = [
  'wantWhen',
  'wantWho',
  'wantWhere',
  'wantCount',
  'wantAmount',
  'wantAge',
  'wantName',
  'wantOther',
  'keyTermIn',
  'termsKnownShare',
  'properAbsent',
  'matchShare',
  'factCount',
  'unheardAhead',
  'narratorWord',
] as const;

const lastId = (index: StoryIndex, j: Judged) => index.ids[j.bridge ?? j.index] ?? 0;

/** The candidate features' values (EXTRA_FEATURES' order). */
function extraFeatures({ judged, chosen, question, terms, index }: ConfidenceInput, heardCount: number): number[] {
  const want = question.want;
  const known = terms.filter((t) => index.df.has(t.term));
  const key = [...known].sort((a, b) => (index.df.get(a.term) ?? 0) - (index.df.get(b.term) ?? 0))[0];
  const said = new Set([
    ...(index.terms[chosen.index] ?? []),
    ...(chosen.bridge ? (index.terms[chosen.bridge] ?? []) : []),
  ]);
  const heard = heardCount;
  const unheardBest = Math.max(0, ...judged.filter((j) => j.passes && lastId(index, j) > heard).map((j) => j.coverage));
  return [
    want === 'when' || want === 'year' || want === 'time' ? 1 : 0,
    want === 'who' ? 1 : 0,
    want === 'where' ? 1 : 0,
    want === 'count' ? 1 : 0,
    want === 'money' || want === 'measure' || want === 'duration' ? 1 : 0,
    want === 'age' ? 1 : 0,
    want === 'name' ? 1 : 0,
    want === 'colour' || want === 'reason' ? 1 : 0,
    key && said.has(key.term) ? 1 : 0,
    terms.length ? known.length / terms.length : 0,
    terms.filter((t) => t.pos === 'PROPN' && !index.df.has(t.term)).length,
    judged.length / Math.max(1, index.texts.length),
    chosen.facts.length,
    Math.max(0, unheardBest - chosen.coverage),
    question.narratorWord ? 1 : 0,
  ];
}

const examples = devAnswers().map((e) => ({
  ...e,
  x: [...featuresOf(e.input), ...extraFeatures(e.input, e.heardCount)],
}));
type Example = (typeof examples)[number];

const base = FEATURES.length;
const variants: Record<string, number[]> = {
  base: [...Array(base).keys()],
  extended: [...Array(base + EXTRA_FEATURES.length).keys()],
};
const stumped = new Set(['stumps:base', 'stumps:extended']);
variants['stumps:base'] = variants.base!;
variants['stumps:extended'] = variants.extended!;
if (process.env.ONE !== undefined)
  for (const name of EXTRA_FEATURES.keys())
    variants[`base+${EXTRA_FEATURES[name]}`] = [...Array(base).keys(), base + name];

// Ten folds of whole stories (every tenth story held out together), so no story's answers are on both sides.
const stories = [...new Set(examples.map((e) => e.story))];
const FOLDS = 10;
const foldOf = new Map(stories.map((s, i) => [s, i % FOLDS]));
for (const [name, columns] of Object.entries(variants)) {
  const pick = (e: Example) => columns.map((c) => e.x[c]!);
  let wrongCut = 0;
  let rightCut = 0;
  let unanswerableCut = 0;
  for (let held = 0; held < FOLDS; held++) {
    const train = examples.filter((e) => foldOf.get(e.story) !== held);
    const model = (stumped.has(name) ? fitStumps : fitLogistic)(
      train.map(pick),
      train.map((e) => e.right),
    );
    const { threshold } = thresholdFor(
      train.map((e) => model.score(pick(e))),
      train.map((e) => e.right),
    );
    for (const e of examples.filter((e) => foldOf.get(e.story) === held)) {
      if (model.score(pick(e)) >= threshold) continue;
      if (e.right) rightCut++;
      else wrongCut++;
      if (!e.answerable) unanswerableCut++;
    }
  }
  const wrong = examples.filter((e) => !e.right).length;
  console.log(
    `${name.padEnd(34)} held out: declines ${wrongCut} of ${wrong} wrong (${unanswerableCut} to unanswerable questions) and ${rightCut} right`,
  );
}
