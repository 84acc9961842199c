/**
 * Follow-ups of the dev split, with their misses: for tuning (`node --import tsx
 * bench/interactive-eval/follow-ups-run.ts [--misses]`). The test split's pairs are scored only by
 * `npm run bench -- interactive`.
 */
import { LocalAnswerer } from '@storyloom/functions/adapters/answerer/local';
import { scoreFollowUps } from './follow-ups.ts';
import { formatFollowUps } from './follow-ups-report.ts';

const result = await scoreFollowUps(new LocalAnswerer(), 'dev');
if (process.argv.includes('--misses')) console.log(result.withContext.failures.join('\n'));
console.log(formatFollowUps('dev', result).join('\n'));
