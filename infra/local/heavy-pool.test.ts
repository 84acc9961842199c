import { threadId } from 'node:worker_threads';
import { encodeWav } from '@storyloom/functions/adapters/voice/audio/wav';
import { VoiceEngineError } from '@storyloom/functions/adapters/voice/engine';
import { parseLocalVoiceId } from '@storyloom/functions/adapters/voice/local-voices';
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

  it('stops the thread when the time budget is spent', async () => {
    const sample = encodeWav(voiceLikeSignal({ medianHz: 140, seconds: 8, sampleRate: 16_000 }), 16_000);
    expect(await pool.work.analyseSample(sample, { maxSeconds: 10, budgetMs: 1 })).toMatchObject({
      ok: false,
      problem: 'undecodable',
    });
  });

  it('fits a voice and speaks with progress reported back, the MP3 handed over', async () => {
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
    expect(parseLocalVoiceId('local:f:210:165')).toBeDefined();
    expect(result.mp3[0]).toBe(0xff);
    expect(result.duration).toBeGreaterThan(30);
    expect(result.words).toHaveLength(60 * 4);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(1);
    expect(measure.encodingMs).toBeGreaterThan(0);
  });

  it('cancels a synthesis when its signal fires, and when a progress callback fails', async () => {
    const text = 'The river was high that spring. '.repeat(200);
    const abort = new AbortController();
    const cancelled = pool.work.synthesizeLocal('local:m:120:160', text, {
      signal: abort.signal,
      onProgress: () => abort.abort(),
    });
    await expect(cancelled).rejects.toBeInstanceOf(VoiceEngineError);
    const failing = pool.work.synthesizeLocal('local:m:120:160', text, {
      onProgress: async () => {
        throw new Error('table unavailable');
      },
    });
    await expect(failing).rejects.toThrow('table unavailable');
  });
});
