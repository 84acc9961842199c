/**
 * Dev with each named check rule switched off in turn (`node --import tsx bench/interactive-eval/dev-rules-off.ts
 * asked-event bare-thing …`): cited, declined and unsupported counts, to see what each rule still does after
 * other stages change. Dev only.
 */
import { LocalAnswerer } from '@storyloom/functions/adapters/answerer/local';
import { checkTuning } from '@storyloom/functions/adapters/answerer/local/check';
import { loadEvalSet, scoreAnswerer } from './score.ts';

const stories = loadEvalSet('dev');
for (const rule of ['', ...process.argv.slice(2)]) {
  checkTuning.off.clear();
  if (rule) checkTuning.off.add(rule);
  const r = await scoreAnswerer(new LocalAnswerer(), stories);
  console.log(
    `${rule || 'all rules on'}: cited ${r.answerable.right}, declined ${r.declines.right}, unsupported ${r.unsupported.count}`,
  );
}
