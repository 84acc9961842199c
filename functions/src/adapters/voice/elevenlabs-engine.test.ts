import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ElevenLabsFake, startElevenLabsFake } from '../../../../test/support/elevenlabs-fake.ts';
import { audioFrames, frameAt, isTagFrame, mp3Seconds } from './audio/mp3-join.ts';
import { type ElevenLabsOptions, ElevenLabsVoiceEngine } from './elevenlabs-engine.ts';
import { type PartStore, type SynthesizedPart, VoiceEngineError } from './engine.ts';
import { words } from './text.ts';

/** Contract tests: the adapter against a local server speaking ElevenLabs' wire format. */
let fake: ElevenLabsFake;
const engineFor = (opts: Partial<ElevenLabsOptions> = {}) =>
  new ElevenLabsVoiceEngine({ apiKey: 'test-key', baseUrl: fake.url, backoffMs: 5, ...opts });

/** A part store in memory, as the narration job keeps one in S3 and the table. */
function memoryParts(): PartStore & { saved: Map<number, SynthesizedPart> } {
  const saved = new Map<number, SynthesizedPart>();
  return {
    saved,
    load: async (index, span) => {
      const part = saved.get(index);
      return part && part.offset === span.offset && part.text === span.text ? part : undefined;
    },
    save: async (part) => {
      saved.set(part.index, part);
    },
  };
}

/** A story of `n` sentences of about 100 characters, numbered so each chunk's text differs. */
const longStory = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Sentence ${i + 1} tells how we walked to the old mill by the river, and what my father said there.`,
  ).join(' ');

beforeAll(async () => {
  fake = await startElevenLabsFake();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const TEXT =
  'My grandfather built boats. He worked every day from dawn until dusk, and he sang while he worked. ' +
  'On Sundays we took the little blue one out on the lake.';

describe('ElevenLabs adapter', () => {
  it('clones, lists, speaks with word timings and deletes', async () => {
    const engine = engineFor();
    const { voiceId } = await engine.clone({
      name: 'Grandma',
      description: 'warm',
      sample: new Uint8Array([1, 2, 3]),
      contentType: 'audio/wav',
      fileName: 'sample.wav',
    });
    expect(voiceId).toMatch(/^fake-clone-/);
    expect(fake.requests[0]?.apiKey).toBe('test-key');
    expect(fake.requests[0]?.body).toContain('name="name"');

    const voices = await engine.listVoices();
    expect(voices.map((v) => v.name)).toEqual(['Adam', 'Rachel']); // sort=name asc, as asked
    expect(voices[0]?.preview_url).toMatch(/^https:/);
    expect(await engine.hasVoice(voiceId)).toBe(true);
    expect(await engine.hasVoice('nope')).toBe(false);

    const narration = await engine.synthesize(voiceId, TEXT);
    expect(narration.words.map((w) => w.text)).toEqual(words(TEXT).map((w) => w.text));
    expect(narration.duration).toBeGreaterThan(TEXT.length * 0.05 - 0.1);
    for (const w of narration.words) expect(TEXT.slice(w.offset, w.offset + w.length)).toBe(w.text);

    await engine.deleteVoice(voiceId);
    expect(await engine.hasVoice(voiceId)).toBe(false);
    await engine.deleteVoice(voiceId); // gone already: not an error
  });

  it('splits long texts at sentence boundaries and stitches them with previous/next text', async () => {
    const engine = engineFor({ maxChars: 120 });
    const narration = await engine.synthesize('fake-premade-adam', TEXT);
    const calls = fake.requests.filter((r) => r.route === 'tts').map((r) => JSON.parse(r.body));
    expect(calls.length).toBe(2);
    expect(calls[0].text).toBe(
      'My grandfather built boats. He worked every day from dawn until dusk, and he sang while he worked.',
    );
    expect(calls[0].next_text).toMatch(/^On Sundays/);
    expect(calls[1].previous_text).toMatch(/while he worked\.$/);
    expect(calls.every((c) => c.text.length <= 120)).toBe(true);
    // Times run on across the join.
    const sundays = narration.words.find((w) => w.text === 'Sundays')!;
    expect(sundays.start).toBeGreaterThan(calls[0].text.length * 0.05 - 0.2);
    expect(narration.words.length).toBe(words(TEXT).length);
  });

  it('fails at once on 401 and says the key was refused', async () => {
    fake.always('tts', { status: 401, body: { detail: { status: 'invalid_api_key', message: 'Invalid API key' } } });
    const error = await engineFor()
      .synthesize('fake-premade-adam', TEXT)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VoiceEngineError);
    expect((error as VoiceEngineError).retryable).toBe(false);
    expect((error as Error).message).toMatch(/refused the API key/);
    expect((error as Error).message).not.toContain('test-key');
    expect(fake.requests.filter((r) => r.route === 'tts')).toHaveLength(1);
  });

  it('fails at once on 422 with the provider detail', async () => {
    fake.always('clone', {
      status: 422,
      body: { detail: [{ loc: ['body', 'files'], msg: 'Audio too short', type: 'value_error' }] },
    });
    const error = await engineFor()
      .clone({ name: 'x', sample: new Uint8Array(1), contentType: 'audio/wav', fileName: 'a.wav' })
      .catch((e: unknown) => e);
    expect((error as VoiceEngineError).retryable).toBe(false);
    expect((error as Error).message).toMatch(/422.*Audio too short/);
    expect(fake.requests).toHaveLength(1);
  });

  it('waits what retry-after says on 429, then succeeds', async () => {
    fake.script('tts', {
      status: 429,
      headers: { 'retry-after': '1' },
      body: { detail: { status: 'too_many_concurrent_requests' } },
    });
    const started = Date.now();
    const narration = await engineFor().synthesize('fake-premade-adam', 'Hello there.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(narration.words.map((w) => w.text)).toEqual(['Hello', 'there']);
    expect(fake.requests.filter((r) => r.route === 'tts')).toHaveLength(2);
  });

  it('retries 500 with backoff and gives up after the last attempt, retryable for the queue', async () => {
    fake.always('tts', { status: 500, body: { detail: 'boom' } });
    const error = await engineFor({ attempts: 3 })
      .synthesize('fake-premade-adam', 'Hello.')
      .catch((e: unknown) => e);
    expect((error as VoiceEngineError).retryable).toBe(true);
    expect((error as VoiceEngineError).status).toBe(500);
    expect(fake.requests.filter((r) => r.route === 'tts')).toHaveLength(3);
  });

  it('gives up on a provider that does not answer in time', async () => {
    fake.always('search', { status: 200, delayMs: 2000, body: { voices: [], has_more: false, total_count: 0 } });
    const started = Date.now();
    const error = await engineFor({ timeoutSeconds: 0.2, attempts: 2 })
      .listVoices()
      .catch((e: unknown) => e);
    expect((error as VoiceEngineError).retryable).toBe(true);
    expect((error as Error).message).toMatch(/timed out/);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it('keeps eleven_v3 under its 3,000 characters without previous/next text, trimmed, words timed across joins', async () => {
    const text = longStory(70); // ~7,000 characters: three requests
    // Asked for 9,000-character chunks: the model's 3,000 holds.
    const narration = await engineFor({ modelId: 'eleven_v3', maxChars: 9000 }).synthesize('fake-premade-adam', text);
    const calls = fake.requests.filter((r) => r.route === 'tts').map((r) => JSON.parse(r.body));
    expect(calls.length).toBe(3);
    for (const c of calls) {
      expect(c.text.length).toBeLessThanOrEqual(3000);
      expect(c.previous_text ?? null).toBeNull();
      expect(c.next_text ?? null).toBeNull();
      expect(c.text).toBe(c.text.trim());
    }
    expect(fake.billedCharacters).toBe(calls.reduce((n, c) => n + c.text.length, 0));
    // Every word where the text has it; the first word of each later chunk starts where its audio starts.
    for (const w of narration.words) expect(text.slice(w.offset, w.offset + w.length)).toBe(w.text);
    const firstChunkSeconds = calls[0].text.length * 0.05;
    const secondStart = narration.words.find((w) => w.offset === text.indexOf(calls[1].text))!;
    expect(Math.abs(secondStart.start - firstChunkSeconds)).toBeLessThan(0.1);
    // One file: one Info frame at its head, then audio frames only, as long as the three parts together.
    const frames = audioFrames(narration.mp3);
    const head = frameAt(narration.mp3, 0)!;
    expect(isTagFrame(narration.mp3, head)).toBe(true);
    expect(new DataView(narration.mp3.buffer, narration.mp3.byteOffset).getUint32(head.offset + 21 + 8)).toBe(
      frames.length,
    );
    expect(mp3Seconds(narration.mp3)).toBeCloseTo(narration.duration, 3);
    expect(narration.duration).toBeGreaterThan(text.length * 0.05 - 0.2);
  });

  it('caps a configured chunk size at the model limit (the fake answers 400 above it)', async () => {
    const error = await engineFor({ modelId: 'eleven_v3', maxChars: 9000 })
      .synthesize('fake-premade-adam', longStory(70))
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(Error);
    expect(fake.requests.filter((r) => r.route === 'tts').every((r) => JSON.parse(r.body).text.length <= 3000)).toBe(
      true,
    );
  });

  it("reads an unknown model's limit from the models endpoint", async () => {
    // A model the table does not know, answered by the models list with 3,000 (eleven_v3's entry stands in).
    const engine = engineFor({ modelId: 'eleven_v3_preview', maxChars: 100_000 });
    fake.script('models', {
      status: 200,
      body: [{ model_id: 'eleven_v3_preview', name: 'x', maximum_text_length_per_request: 2000 }],
    });
    fake.always('tts', { status: 500, body: { detail: 'stop here' } });
    await engine.synthesize('fake-premade-adam', longStory(30)).catch(() => undefined);
    const first = JSON.parse(fake.requests.find((r) => r.route === 'tts')!.body);
    expect(first.text.length).toBeLessThanOrEqual(2000);
    expect(first.text.length).toBeGreaterThan(1500);
    expect(fake.requests.filter((r) => r.route === 'models')).toHaveLength(1);
  });

  it('backs off on a 429 without retry-after and goes on with the same chunk', async () => {
    fake.script('tts', { status: 429, body: { detail: { status: 'too_many_concurrent_requests' } } });
    const started = Date.now();
    const narration = await engineFor({ rateLimitBackoffMs: 300 }).synthesize('fake-premade-adam', 'Hello there.');
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(narration.words.map((w) => w.text)).toEqual(['Hello', 'there']);
    expect(fake.requests.filter((r) => r.route === 'tts')).toHaveLength(2);
  });

  it('resumes from saved parts: a chunk finished before a failure is never paid for again', async () => {
    const text = longStory(70);
    const parts = memoryParts();
    // Chunks 1 and 2 succeed; then the provider fails (one attempt): the job fails with two parts saved.
    const engine = engineFor({ modelId: 'eleven_v3', maxChars: 9000, attempts: 1 });
    const failed = await engine
      .synthesize('fake-premade-adam', text, {
        parts: {
          load: parts.load,
          save: async (p) => {
            await parts.save(p);
            if (parts.saved.size === 2) fake.always('tts', { status: 500, body: { detail: 'down' } });
          },
        },
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(VoiceEngineError);
    expect(parts.saved.size).toBe(2);
    const billedBefore = [...fake.billedTexts];
    expect(billedBefore).toHaveLength(2);
    fake.reset();
    const narration = await engine.synthesize('fake-premade-adam', text, { parts });
    expect(fake.billedTexts).toHaveLength(1);
    expect(billedBefore).not.toContain(fake.billedTexts[0]);
    expect(narration.words.length).toBe(words(text).length);
    expect(mp3Seconds(narration.mp3)).toBeCloseTo(narration.duration, 3);
  });

  it('spreads the words evenly when the alignment is not believable', async () => {
    const text = 'My grandfather built boats by the lake.';
    const bogus = { characters: ['x'], character_start_times_seconds: [99], character_end_times_seconds: [100] };
    fake.script('tts', {
      status: 200,
      body: {
        audio_base64: Buffer.from((await import('../../../../test/support/elevenlabs-fake.ts')).toneMp3(2)).toString(
          'base64',
        ),
        alignment: bogus,
      },
    });
    const narration = await engineFor().synthesize('fake-premade-adam', text);
    expect(narration.words.map((w) => w.text)).toEqual(words(text).map((w) => w.text));
    for (const w of narration.words) expect(w.end).toBeLessThanOrEqual(narration.duration + 1e-6);
    expect(narration.words.at(-1)!.end).toBeGreaterThan(narration.duration * 0.8);
    for (let i = 1; i < narration.words.length; i++)
      expect(narration.words[i]!.start).toBeGreaterThanOrEqual(narration.words[i - 1]!.end - 1e-9);
  });
});
