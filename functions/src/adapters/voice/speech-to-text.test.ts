import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ElevenLabsFake, startElevenLabsFake } from '../../../../test/support/elevenlabs-fake.ts';
import { wavFile } from '../../../../test/support/media-files.ts';
import { ElevenLabsVoiceEngine } from './elevenlabs-engine.ts';
import { VoiceEngineError } from './engine.ts';
import { transcriptFromRecognition } from './speech-to-text.ts';

/** Contract tests of speech to text: the adapter (SDK 2.73 `speechToText.convert`) against the fake's wire format. */
let fake: ElevenLabsFake;
const engine = (apiKey = 'test-key') =>
  new ElevenLabsVoiceEngine({ apiKey, baseUrl: fake.url, backoffMs: 5, rateLimitBackoffMs: 5 });
const WAV = { fileName: 'recording.wav', contentType: 'audio/wav' };

beforeAll(async () => {
  fake = await startElevenLabsFake({ apiKeys: ['test-key'] });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.stt.text = 'We kept bees behind the mill.';
  fake.stt.maxFileBytes = 5 * 1024 ** 3;
});

describe('ElevenLabs speech to text', () => {
  it('sends the recording as multipart with the model and word timestamps, and reads the words back', async () => {
    const result = await engine().transcribe(wavFile(3), WAV, 'scribe_v2');
    expect(result.text).toBe('We kept bees behind the mill.');
    expect(result.durationSeconds).toBeCloseTo(3, 1);
    const spoken = result.words.filter((w) => w.type === 'word');
    expect(spoken.map((w) => w.text)).toEqual(['We', 'kept', 'bees', 'behind', 'the', 'mill.']);
    expect(result.words.some((w) => w.type === 'spacing')).toBe(true);
    const timings = transcriptFromRecognition(result).timings!;
    expect(timings.words).toHaveLength(6);
    expect(timings.words[5]!.start).toBeGreaterThan(timings.words[0]!.start);
    const [request] = fake.requests.filter((r) => r.route === 'stt');
    expect(request!.body).toContain('name="model_id"\r\n\r\nscribe_v2');
    expect(request!.body).toContain('name="timestamps_granularity"\r\n\r\nword');
    expect(request!.body).toContain('filename="recording.wav"');
  });

  it('fails at once, not retried, on a refused key (401), an unknown model (422) and a file over the limit (413)', async () => {
    await expect(engine('wrong-key').transcribe(wavFile(1), WAV, 'scribe_v2')).rejects.toMatchObject({
      retryable: false,
      status: 401,
    });
    await expect(engine().transcribe(wavFile(1), WAV, 'whisper-1')).rejects.toMatchObject({
      retryable: false,
      status: 422,
    });
    fake.stt.maxFileBytes = 1000;
    const tooLarge = await engine()
      .transcribe(wavFile(1), WAV, 'scribe_v2')
      .catch((e: unknown) => e);
    expect(tooLarge).toBeInstanceOf(VoiceEngineError);
    expect(tooLarge).toMatchObject({ retryable: false, status: 413, code: 'file_too_large' });
    expect(fake.requests.filter((r) => r.route === 'stt')).toHaveLength(3);
  });

  it('waits out a 429 that carries no retry-after, and retries a 500', async () => {
    fake.script(
      'stt',
      { status: 429, body: { detail: { status: 'too_many_concurrent_requests', message: 'Too many.' } } },
      { status: 500, body: { detail: { status: 'internal_error', message: 'Internal error.' } } },
    );
    const result = await engine().transcribe(wavFile(1), WAV, 'scribe_v2');
    expect(result.text).toBe('We kept bees behind the mill.');
    expect(fake.requests.filter((r) => r.route === 'stt')).toHaveLength(3);
  });

  it('says which failures a quota caused', async () => {
    fake.script('stt', { status: 401, body: { detail: { status: 'quota_exceeded', message: 'Over quota.' } } });
    await expect(engine().transcribe(wavFile(1), WAV, 'scribe_v2')).rejects.toMatchObject({
      retryable: false,
      code: 'quota_exceeded',
    });
  });
});
