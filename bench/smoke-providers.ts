import { readFile } from 'node:fs/promises';
import { OpenAiAnswerer } from '@storyloom/functions/adapters/answerer/openai';
import { DEFAULT_ANSWERER_MODEL } from '@storyloom/functions/adapters/answerer/select';
import { splitSentences } from '@storyloom/functions/adapters/answerer/text';
import { encodeWav } from '@storyloom/functions/adapters/voice/audio/wav';
import { ElevenLabsVoiceEngine } from '@storyloom/functions/adapters/voice/elevenlabs-engine';
import { voiceLikeSignal } from '@storyloom/functions/adapters/voice/test-signals';
import OpenAI from 'openai';

/**
 * `npm run smoke:providers` (docs/deploy.md, "Before launch: the providers, for real"): the real ElevenLabs
 * and OpenAI with the keys in the shell — clone a voice, one short narration, delete the voice, one answer —
 * printing how long each took. Run by hand before launch; it spends about 100 characters and one answer.
 * Skipped, with a line saying so, for each provider whose key is not set.
 */
process.env.LOG_LEVEL ??= 'silent';
const rows: Array<[string, string]> = [];
let failed = false;

async function step<T>(
  what: string,
  run: () => Promise<T>,
  show: (value: T) => string = () => 'ok',
): Promise<T | undefined> {
  const started = performance.now();
  try {
    const value = await run();
    rows.push([what, `${((performance.now() - started) / 1000).toFixed(2)} s  ${show(value)}`]);
    return value;
  } catch (error) {
    failed = true;
    rows.push([
      what,
      `FAILED after ${((performance.now() - started) / 1000).toFixed(2)} s: ${(error as Error).message}`,
    ]);
    return undefined;
  }
}

async function elevenLabs(apiKey: string) {
  const engine = new ElevenLabsVoiceEngine({ apiKey, modelId: process.env.ELEVENLABS_MODEL_ID || undefined });
  // A real recording clones best (SMOKE_SAMPLE=path/to/sample.wav); the made-up one shows the calls work.
  const sample = process.env.SMOKE_SAMPLE
    ? new Uint8Array(await readFile(process.env.SMOKE_SAMPLE))
    : encodeWav(voiceLikeSignal({ medianHz: 120, seconds: 35, sampleRate: 16_000 }), 16_000);
  const clone = await step(
    'ElevenLabs: clone a voice',
    () =>
      engine.clone({ name: `storyloom-smoke-${Date.now()}`, sample, contentType: 'audio/wav', fileName: 'sample.wav' }),
    (v) => `${v.voiceId.slice(0, 6)}…`,
  );
  if (!clone) return;
  await step(
    'ElevenLabs: one short narration',
    () => engine.synthesize(clone.voiceId, 'Hello! This is a short test of the narration, in two sentences.'),
    (n) => `${n.duration.toFixed(1)} s of audio, ${n.words.length} words timed, ${n.mp3.length} bytes`,
  );
  await step('ElevenLabs: delete the voice', () => engine.deleteVoice(clone.voiceId));
}

async function openAi(apiKey: string) {
  const model = process.env.ANSWERER_MODEL || DEFAULT_ANSWERER_MODEL;
  const baseURL = process.env.ANSWERER_BASE_URL || undefined;
  await step(
    `OpenAI: ${model} still served`,
    () => new OpenAI({ apiKey, baseURL }).models.retrieve(model),
    (m) => `shutdown date: ${m.shutdown_date ?? 'none announced'}`,
  );
  const content = 'I met your grandfather at the Roseland dance hall in 1952. He stepped on my feet twice.';
  await step(
    'OpenAI: one answer',
    async () => {
      const answer = await new OpenAiAnswerer({ apiKey, baseURL, model, timeoutMs: 15_000 }).answer({
        story: { title: 'How I met your grandfather' },
        sentences: splitSentences(content),
        heardCount: 2,
        question: 'Where did you meet grandpa?',
      });
      if (answer.engine !== 'openai') throw new Error('the provider failed: the local answerer answered');
      return answer;
    },
    (a) => `"${a.answer}" (cites ${a.citedSentenceIds.join(', ')})`,
  );
}

const elevenKey = process.env.ELEVENLABS_API_KEY;
const openAiKey = process.env.OPENAI_API_KEY;
if (elevenKey) await elevenLabs(elevenKey);
else console.log('smoke:providers: ElevenLabs skipped — set ELEVENLABS_API_KEY (a real key) to run it.');
if (openAiKey) await openAi(openAiKey);
else console.log('smoke:providers: OpenAI skipped — set OPENAI_API_KEY (a real key) to run it.');
const width = Math.max(0, ...rows.map((r) => r[0].length));
for (const [what, result] of rows) console.log(`${what.padEnd(width)}  ${result}`);
process.exitCode = failed ? 1 : 0;
