import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ElevenLabsFake, startElevenLabsFake } from '../../../../test/support/elevenlabs-fake.ts';
import { ElevenLabsVoiceEngine } from './elevenlabs-engine.ts';
import { VoiceEngineError } from './engine.ts';
import { words } from './text.ts';

/** Contract tests: the adapter against a local server speaking ElevenLabs' wire format. */
let fake: ElevenLabsFake;
const engineFor = (opts: { timeoutSeconds?: number; attempts?: number; maxChars?: number } = {}) =>
  new ElevenLabsVoiceEngine({ apiKey: 'test-key', baseUrl: fake.url, backoffMs: 5, ...opts });

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
});
