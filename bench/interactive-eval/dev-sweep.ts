/**
 * Sweeps one decide threshold (`node --import tsx bench/interactive-eval/dev-sweep.ts minCoverage 0.5 0.6 0.7`):
 * dev figures, and with `--validation` the validation split's figures too (figures only). Dev and validation only.
 */
import { LocalAnswerer } from '@storyloom/functions/adapters/answerer/local';
import { decideTuning } from '@storyloom/functions/adapters/answerer/local/decide-tuning';
import { type EvalResult, loadEvalSet, scoreAnswerer } from './score.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [name, ...values] = args as [keyof typeof decideTuning, ...string[]];
const splits = process.argv.includes('--validation') ? (['dev', 'validation'] as const) : (['dev'] as const);
const line = (r: EvalResult) =>
  `cited ${r.answerable.right}/${r.answerable.total} declined ${r.declines.right}/${r.declines.total} unsupported ${r.unsupported.count}/${r.unsupported.answersGiven} fact ${r.factText.right}/${r.factText.total}`;
const original = decideTuning[name];
for (const value of [String(original), ...values]) {
  (decideTuning as Record<string, number>)[name] = Number(value);
  const parts: string[] = [];
  for (const split of splits)
    parts.push(`${split}: ${line(await scoreAnswerer(new LocalAnswerer(), loadEvalSet(split)))}`);
  console.log(`${name}=${value}  ${parts.join(' | ')}`);
}
