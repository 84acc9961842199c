import { threadId } from 'node:worker_threads';
import { encodeWav } from '@storyloom/functions/adapters/voice/audio/wav';
import { VoiceEngineError } from '@storyloom/functions/adapters/voice/engine';
import { voiceLikeSignal } from '@storyloom/functions/adapters/voice/test-signals';
import { afterAll, describe, expect, it } from 'vitest';
import { OPUS_BOMB_PACKET, oggOpusOf } from '../../test/support/media-containers.ts';
import { startHeavyPool, workerExecArgv } from './heavy-pool.ts';

/**
 * Local mode's heavy-work pool: the same functions a Lambda runs inline, in worker threads, with the
 * voice code loaded through tsx in each thread.
 */
describe('heavy-work pool (worker threads)', () => {
  const pool = startHeavyPool({ maxThreads: 1 });
  afterAll(() => pool.close());

  it('gives threads the loaders of `npm start` and never its V8 options (a worker refuses those)', () => {
    expect(workerExecArgv(['--optimize-for-size', '--import', 'tsx'])).toEqual(['--import', 'tsx']);
    expect(workerExecArgv([])).toEqual(['--import', 'tsx']);
    expect(workerExecArgv(['--max-old-space-size=256', '--conditions=dev'])).toEqual([
      '--conditions=dev',
      '--import',
      'tsx',
    ]);
  });

  it('analyses a sample in a worker thread', async () => {
    const sample = encodeWav(voiceLikeSignal({ medianHz: 140, seconds: 8, sampleRate: 16_000 }), 16_000);
    const analysis = await pool.work.analyseSample(sample, { maxSeconds: 10 });
    expect(analysis.ok).toBe(true);
    if (analysis.ok) {
      expect(analysis.stats.duration).toBeCloseTo(8, 0);
      expect(analysis.stats.medianHz! / 140).toBeCloseTo(1, 1);
    }
    expect(pool.threads()).toBe(1);
    expect(threadId).toBe(0);
  });

  it('stops a bomb at its cap there too', async () => {
    const bomb = oggOpusOf(
      Array.from({ length: 12_000 }, () => OPUS_BOMB_PACKET),
      3,
    );
    expect(await pool.work.analyseSample(bomb, { maxSeconds: 4 })).toMatchObject({ ok: false, problem: 'over-cap' });
  });

  it("keeps an engine error's kind across the thread's edge (a sample without voice is not retried)", async () => {
    const silence = encodeWav(new Float32Array(16_000 * 6), 16_000);
    const fit = pool.work.fitLocalVoice(silence);
    await expect(fit).rejects.toBeInstanceOf(VoiceEngineError);
    await expect(fit).rejects.toMatchObject({ retryable: false });
    await expect(pool.work.synthesizeLocal('local:nobody', 'Hello.')).rejects.toMatchObject({
      name: 'VoiceEngineError',
      retryable: false,
    });
  });

  it('stops the thread when the time budget is spent', async () => {
    const sample = encodeWav(voiceLikeSignal({ medianHz: 140, seconds: 8, sampleRate: 16_000 }), 16_000);
    expect(await pool.work.analyseSample(sample, { maxSeconds: 10, budgetMs: 1 })).toMatchObject({
      ok: false,
      problem: 'undecodable',
    });
  });

  // The first synthesis in a fresh thread loads eSpeak-NG and calibrates its pitch (2 s on an idle
  // machine, 25 s measured with seven other test suites on the 2 cores): one cold start in this file.
  const COLD_START_MS = 120_000;

  it(
    'fits a voice and speaks with progress reported back, the MP3 handed over',
    async () => {
      const sample = encodeWav(voiceLikeSignal({ medianHz: 210, seconds: 10, sampleRate: 22_050 }), 22_050);
      const params = await pool.work.fitLocalVoice(sample);
      expect(params.family).toBe('f');
      const progress: number[] = [];
      const measure = { synthesisMs: 0, encodingMs: 0 };
      const text = 'My grandmother kept bees. '.repeat(60);
      const result = await pool.work.synthesizeLocal('local:f:210:165', text, {
        onProgress: (f) => {
          progress.push(f);
        },
        measure,
      });
      expect(result.mp3[0]).toBe(0xff);
      expect(result.duration).toBeGreaterThan(30);
      expect(result.words).toHaveLength(60 * 4);
      expect(progress.at(-1)).toBe(1);
      expect(progress.length).toBeGreaterThan(1);
      expect(measure.encodingMs).toBeGreaterThan(0);
    },
    COLD_START_MS,
  );

  it('stops the thread when a progress callback fails, and answers a cancelled narration at once', async () => {
    // The thread is warm from the test above: its first chunk reports progress, which fails.
    const text = 'The river was high that spring. '.repeat(200);
    const failing = pool.work.synthesizeLocal('local:f:210:165', text, {
      onProgress: async () => {
        throw new Error('table unavailable');
      },
    });
    await expect(failing).rejects.toThrow('table unavailable');
    const abort = new AbortController();
    abort.abort();
    await expect(pool.work.synthesizeLocal('local:m:120:160', text, { signal: abort.signal })).rejects.toBeInstanceOf(
      VoiceEngineError,
    );
  });
});
