/**
 * Spoken-answer latency in a process of its own, started with `npm start`'s flags (bench.ts): the local
 * answerer, then the local voice engine speaking the answer to MP3 in a preset voice. Prints one JSON line.
 * Arguments name the splits to ask from (default both; `npm run bench -- interactive-spoken` asks dev only).
 */
import { performance } from 'node:perf_hooks';
import { LocalAnswerer } from '@storyloom/functions/adapters/answerer/local';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { LocalVoiceEngine } from '@storyloom/functions/adapters/voice/local-engine';
import { LOCAL_PRESETS } from '@storyloom/functions/adapters/voice/local-voices';
import { percentile } from '../stats.ts';
import { heardCountFor, loadEvalSet } from './score.ts';

const engine = new LocalVoiceEngine();
const voice = LOCAL_PRESETS[0]!.id;
const answerer = new LocalAnswerer();
let started = performance.now();
await engine.synthesize(voice, 'Warming up.');
const warmMs = performance.now() - started;

const times: number[] = [];
const textTimes: number[] = [];
let n = 0;
const splits = process.argv.slice(2).filter((a): a is 'dev' | 'test' => a === 'dev' || a === 'test');
for (const story of (splits.length ? splits : (['dev', 'test'] as const)).flatMap((split) => loadEvalSet(split))) {
  const sentences = splitSentences(story.content);
  const request = {
    story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
    sentences,
  };
  await answerer.answer({ ...request, heardCount: sentences.length, question: 'warm the index' });
  for (const question of story.questions) {
    // Every third question: a spread over the splits, in the time a bench section should take.
    if (n++ % 3 !== 0) continue;
    started = performance.now();
    const answer = await answerer.answer({
      ...request,
      heardCount: heardCountFor(sentences, story.content, question.asked_after),
      question: question.q,
    });
    textTimes.push(performance.now() - started);
    await engine.synthesize(voice, answer.answer);
    times.push(performance.now() - started);
  }
}
console.log(
  JSON.stringify({
    count: times.length,
    warmMs,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    textP95: percentile(textTimes, 95),
  }),
);
