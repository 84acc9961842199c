import { ElevenLabsVoiceEngine } from '@storyloom/functions/adapters/voice/elevenlabs-engine';
import type { PartStore, SynthesizedPart } from '@storyloom/functions/adapters/voice/engine';
import { startElevenLabsFake } from '../test/support/elevenlabs-fake.ts';

/**
 * Characters billed per narration on the ElevenLabs fake with 5 % of requests failing (a 429 without
 * retry-after, a 500, or a request answered after the client gave up — billed like the provider bills it),
 * retries and redeliveries included (docs/voice.md, "Benchmark"). Each narration runs like the media job:
 * a failed delivery is delivered again (up to 5 times) and resumes from the checkpointed chunks.
 * Budget: ≤ 1.05 × the story's length.
 */
const STORY_WORDS = 8000;
const NARRATIONS = 8;
const FAILURE_RATE = 0.05;

function story(words: number): string {
  const sentence =
    'We walked to the old mill by the river every Sunday, and my father told us about the years before the war. ';
  const perSentence = sentence.split(' ').length - 1;
  return Array.from({ length: Math.ceil(words / perSentence) }, (_, i) => `${i + 1}. ${sentence}`)
    .join('')
    .trim();
}

function memoryParts(): PartStore {
  const saved = new Map<number, SynthesizedPart>();
  return {
    load: async (index, span) => {
      const part = saved.get(index);
      return part && part.offset === span.offset && part.text === span.text ? part : undefined;
    },
    save: async (part) => {
      saved.set(part.index, part);
    },
  };
}

export async function billingRows(): Promise<Array<[string, string, string]>> {
  const fake = await startElevenLabsFake();
  const rows: Array<[string, string, string]> = [];
  try {
    const text = story(STORY_WORDS);
    for (const model of ['eleven_multilingual_v2', 'eleven_v3']) {
      const ratios: number[] = [];
      let deliveries = 0;
      for (let n = 0; n < NARRATIONS; n++) {
        fake.reset();
        // A stalled answer comes after the client's time-out (3 s here, the SDK's 240 s in production).
        fake.behave({ failureRate: FAILURE_RATE, stallMs: 3500, latencyMs: 0, seed: 1000 + n });
        const engine = new ElevenLabsVoiceEngine({
          apiKey: 'bench',
          baseUrl: fake.url,
          modelId: model,
          timeoutSeconds: 3,
          backoffMs: 5,
          rateLimitBackoffMs: 10,
        });
        const parts = memoryParts();
        for (let delivery = 1; delivery <= 5; delivery++) {
          deliveries++;
          const done = await engine.synthesize('fake-premade-adam', text, { parts }).then(
            () => true,
            () => false,
          );
          if (done) break;
        }
        ratios.push(fake.billedCharacters / text.length);
      }
      const worst = Math.max(...ratios);
      const mean = ratios.reduce((a, b) => a + b, 0) / ratios.length;
      rows.push([
        `characters billed / story length, ${model}`,
        `${mean.toFixed(3)} mean, ${worst.toFixed(3)} worst`,
        `${NARRATIONS} narrations of ${text.length.toLocaleString('en-US')} characters, 5 % injected failures, ` +
          `${deliveries} deliveries; budget: mean ≤ 1.05 ${mean <= 1.05 ? 'met' : 'NOT MET'} ` +
          '(one narration pays ~2.5 % per request cut by a time-out, so the worst depends on how many it met)',
      ]);
    }
  } finally {
    await fake.close();
  }
  return rows;
}
