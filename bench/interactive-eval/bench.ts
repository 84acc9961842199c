/**
 * `npm run bench -- interactive`: the local answerer's quality on the dev, validation and test splits side by side
 * (bench/interactive-eval/README.md), its text-answer latency, and the spoken-answer latency (text answer +
 * the local voice engine speaking it, MP3 included) measured in a child Node process started with the flags
 * `npm start` uses (--optimize-for-size), as the local server answers.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalAnswerer } from '@storyloom/functions/adapters/answerer/local';
import { percentile, table } from '../stats.ts';
import { questionCosts } from './calls.ts';
import { scoreFollowUps } from './follow-ups.ts';
import { formatFollowUps } from './follow-ups-report.ts';
import { type EvalResult, goldProblems, loadEvalSet, rate, scoreAnswerer, type Tally } from './score.ts';

const here = dirname(fileURLToPath(import.meta.url));
const pct = (t: Tally) => `${t.right}/${t.total} (${(rate(t) * 100).toFixed(1)}%)`;
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** The figures of one split, in the order of the acceptance list. */
function figures(r: EvalResult): string[] {
  const unsupportedShare = r.unsupported.answersGiven ? r.unsupported.count / r.unsupported.answersGiven : 0;
  return [
    pct(r.answerable),
    `${pct(r.declines)}; right kind ${r.declines.rightKind}`,
    `${r.unsupported.count} of ${r.unsupported.answersGiven} answers (${(unsupportedShare * 100).toFixed(1)}%)`,
    pct(r.factText),
    pct(r.otherFactText),
    `p50 ${ms(percentile(r.latencies, 50))}, p95 ${ms(percentile(r.latencies, 95))}`,
  ];
}

export async function interactiveBench(): Promise<void> {
  const dev = loadEvalSet('dev');
  const validation = loadEvalSet('validation');
  const test = loadEvalSet('test');
  const problems = goldProblems([...dev, ...validation, ...test]);
  if (problems.length)
    console.log(`Gold problems (fix the question, it is not scored right):\n  ${problems.join('\n  ')}`);
  const answerer = new LocalAnswerer();
  await scoreAnswerer(answerer, dev.slice(0, 1)); // loads the model: not part of any answer's latency
  const devResult = await scoreAnswerer(answerer, dev);
  const validationResult = await scoreAnswerer(answerer, validation);
  const testResult = await scoreAnswerer(answerer, test);
  const count = (s: typeof dev) => `${s.length} stories, ${s.reduce((n, x) => n + x.questions.length, 0)} questions`;
  console.log('\nInteractive answers (local answerer, bench/interactive-eval)');
  const labels = [
    'answerable: cited sentence holds the answer (≥ 85%)',
    'unanswerable + not yet heard: declined (≥ 92%)',
    'answers stating a fact the story does not tell (≤ 1%)',
    'answer text states the fact: who/where/when/how many (≥ 80%)',
    'answer text states the fact: other facts',
    'text answer latency',
  ];
  const devFigures = figures(devResult);
  const validationFigures = figures(validationResult);
  const testFigures = figures(testResult);
  console.log(
    table(
      ['', `dev (${count(dev)})`, `validation (${count(validation)})`, `test (${count(test)})`],
      labels.map((label, i) => [label, devFigures[i]!, validationFigures[i]!, testFigures[i]!]),
    ),
  );
  const results = [devResult, validationResult, testResult];
  const tags = [...new Set(results.flatMap((r) => [...r.byTag.keys()]))].sort();
  console.log('\nBy kind of question (right = cited the answer, or declined as expected):');
  console.log(
    table(
      ['kind', 'dev', 'validation', 'test'],
      tags.map((t) => [t, ...results.map((r) => pct(r.byTag.get(t) ?? { total: 0, right: 0 }))]),
    ),
  );
  // Only the dev misses are listed: validation chooses between changes by its figures alone, and the test split
  // is for reporting; neither is for looking at what went wrong.
  if (process.env.BENCH_SHOW_DEV_MISSES) console.log(`\nDev misses:\n  ${devResult.failures.join('\n  ')}`);

  // A question, its answer, then one that points back at it ("what year was that"): with the answer's sentences
  // (as the player sends them) and alone (as before follow-ups were read).
  console.log('\nFollow-ups (bench/interactive-eval/followups):');
  for (const split of ['dev', 'test'] as const)
    console.log(formatFollowUps(split, await scoreFollowUps(answerer, split)).join('\n'));

  await spokenFigures(['dev', 'test']);
  await apiFigures();
}

/**
 * `npm run bench -- interactive-spoken`: the spoken-answer latency on the dev split alone and what a question
 * costs through the API — without scoring either split (helpers tuning the answerer never run the test split).
 */
export async function interactiveSpokenBench(): Promise<void> {
  const [load1] = loadavg();
  console.log(`load average at start: ${load1!.toFixed(2)} (${cpus().length} cores)`);
  await spokenFigures(['dev']);
  await apiFigures();
  console.log(`load average at end: ${loadavg()[0]!.toFixed(2)}`);
}

async function spokenFigures(splits: Array<'dev' | 'test'>): Promise<void> {
  const spoken = JSON.parse(
    execFileSync(
      process.execPath,
      ['--optimize-for-size', '--import', 'tsx', join(here, 'spoken-child.ts'), ...splits],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    )
      .trim()
      .split('\n')
      .pop()!,
  ) as { count: number; warmMs: number; p50: number; p95: number; textP95: number };
  console.log(
    `\nSpoken answer (text + local voice engine to MP3, node --optimize-for-size, ${spoken.count} questions of ${splits.join(' and ')}): ` +
      `p50 ${ms(spoken.p50)}, p95 ${ms(spoken.p95)} (budget p95 ≤ 500 ms; text answer p95 ${ms(spoken.textP95)}); engine warm-up before the first answer ${ms(spoken.warmMs)}`,
  );
}

async function apiFigures(): Promise<void> {
  const cost = await questionCosts().catch((error: Error) => {
    console.log(`\nThrough the API: not measured (the local stack did not start: ${error.message})`);
    return undefined;
  });
  if (!cost) return;
  console.log(
    `Through the API (local stack in this process, a public narrated dev story, ${cost.questions} questions in one session): ` +
      `DynamoDB calls per question max ${cost.maxCalls}, p50 ${cost.callsP50} (target ≤ 3); timings file read ${cost.timingsReads} time(s); ` +
      `spoken answer over HTTP p50 ${ms(cost.httpP50)}, p95 ${ms(cost.httpP95)} (this process, without --optimize-for-size)`,
  );
}
