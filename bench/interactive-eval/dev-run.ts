/**
 * The dev split, with its misses: for tuning (`node --import tsx bench/interactive-eval/dev-run.ts`).
 * `--validation` scores the validation split instead, figures only (it chooses between changes; its misses are
 * never read). The test split is never scored here (bench/interactive-eval/README.md).
 */
import { LocalAnswerer } from '@storyloom/functions/adapters/answerer/local';
import { loadEvalSet, rate, scoreAnswerer } from './score.ts';

// `--only=d13,d19-` scores the dev stories whose file names start with one of the prefixes (e.g. stories
// added since the answerer was last tuned: a first look at how it does on material it has not seen).
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const split = process.argv.includes('--validation') ? 'validation' : 'dev';
const stories = loadEvalSet(split).filter((s) => !only || only.some((prefix) => s.file.startsWith(prefix)));
const result = await scoreAnswerer(new LocalAnswerer(), stories);
const pct = (r: number) => `${(r * 100).toFixed(1)}%`;
if (process.argv.includes('--misses')) {
  if (split !== 'dev') throw new Error('--misses lists dev misses only: validation is judged by its figures alone');
  console.log(result.failures.join('\n'));
}
console.log(
  `${split}: cited ${result.answerable.right}/${result.answerable.total} (${pct(rate(result.answerable))}); ` +
    `declined ${result.declines.right}/${result.declines.total} (${pct(rate(result.declines))}); ` +
    `unsupported ${result.unsupported.count}/${result.unsupported.answersGiven} (${pct(result.unsupported.count / result.unsupported.answersGiven)}); ` +
    `fact text ${result.factText.right}/${result.factText.total} (${pct(rate(result.factText))}); ` +
    `other facts ${result.otherFactText.right}/${result.otherFactText.total}`,
);
const sorted = [...result.latencies].sort((a, b) => a - b);
console.log(
  `text answer latency p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(1)} ms`,
);
