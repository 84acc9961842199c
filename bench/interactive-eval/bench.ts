/**
 * `npm run bench`, interactive section: the local answerer's quality on the evaluation set and its latency
 * (text answer; spoken answer = text answer + the local voice engine speaking it, MP3 included).
 */
import { performance } from 'node:perf_hooks';
import { LocalAnswerer } from '@storyloom/functions/adapters/answerer/local';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { percentile } from '../stats.ts';
import { heardCountFor, loadEvalSet, rate, scoreAnswerer } from './score.ts';

export type SpeakFn = (text: string) => Promise<unknown>;

/** The local voice engine speaking in a preset voice: what a spoken answer costs locally. */
async function localSpeaker(): Promise<SpeakFn> {
  const { LocalVoiceEngine } = await import('@storyloom/functions/adapters/voice/local-engine');
  const { LOCAL_PRESETS } = await import('@storyloom/functions/adapters/voice/local-voices');
  const engine = new LocalVoiceEngine();
  const voice = LOCAL_PRESETS[0]!.id;
  await engine.synthesize(voice, 'Warming up.');
  return (text) => engine.synthesize(voice, text);
}

export async function interactiveBench(speakWith?: SpeakFn): Promise<void> {
  const speak = speakWith ?? (await localSpeaker());
  const loadStarted = performance.now();
  const answerer = new LocalAnswerer();
  const stories = loadEvalSet();
  const result = await scoreAnswerer(answerer, stories);
  const firstRun = performance.now() - loadStarted;
  // Timed again warm (story indexes built), as a Lambda answers every question after the first.
  const warm = await scoreAnswerer(answerer, stories);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log('\nInteractive answers (local answerer, bench/interactive-eval)');
  console.log(
    `  answerable, cited sentence holds the answer: ${result.answerable.right}/${result.answerable.total} ` +
      `(${(rate(result.answerable) * 100).toFixed(1)}%, target ≥ 80%)`,
  );
  console.log(
    `  unanswerable and not-yet-heard, declined:    ${result.declines.right}/${result.declines.total} ` +
      `(${(rate(result.declines) * 100).toFixed(1)}%, target ≥ 90%; right kind ${result.declines.rightKind})`,
  );
  console.log(`  first pass incl. model load and indexing:   ${ms(firstRun)} for ${result.latencies.length} questions`);
  console.log(
    `  text answer latency (warm):                 p50 ${ms(percentile(warm.latencies, 50))}, p95 ${ms(percentile(warm.latencies, 95))}`,
  );
  const spoken: number[] = [];
  for (const story of stories) {
    const sentences = splitSentences(story.content);
    for (const question of story.questions) {
      const started = performance.now();
      const answer = await answerer.answer({
        story: { title: story.title, location: story.location, startDate: story.start_date, endDate: story.end_date },
        sentences,
        heardCount: heardCountFor(sentences, story.content, question.asked_after),
        question: question.q,
      });
      await speak(answer.answer);
      spoken.push(performance.now() - started);
    }
  }
  console.log(
    `  spoken answer latency (text + speech):      p50 ${ms(percentile(spoken, 50))}, p95 ${ms(percentile(spoken, 95))} (budget p95 < 500 ms)`,
  );
}
