import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { SampleAnalysis } from '@storyloom/functions/adapters/voice/audio/sample-audio';
import { VoiceEngineError } from '@storyloom/functions/adapters/voice/engine';
import type { LocalVoiceParams } from '@storyloom/functions/adapters/voice/local-voices';
import type { HeavyWork } from '@storyloom/functions/adapters/voice/offload';
import { Piscina } from 'piscina';
import type { EngineFailure, HeavyResult, HeavyTask, SynthesisResult } from './heavy-worker.ts';

/**
 * Local mode serves the API, the SPA and both queue workers from one process; sample analysis,
 * synthesis and MP3 encoding would hold its event loop for seconds (issue 18 measured API p50 going
 * from 7 ms to 1.5 s during a narration). They run here instead: a pool of worker threads
 * (`piscina`), as many as the machine has cores, each loading the voice code on its first task.
 */

/** A sample that has not been decoded and analysed in this long is refused (the worker is stopped). */
const SAMPLE_BUDGET_MS = 20_000;
/** Idle threads stay this long: eSpeak-NG's load and pitch calibration (2 s) are paid once per thread. */
const IDLE_MS = 10 * 60_000;

/** Options a worker thread takes (loaders and conditions); V8 and process options (e.g. `npm start`'s
 * `--optimize-for-size`) are refused in a worker's execArgv. */
const WORKER_OPTIONS = new Set([
  '--import',
  '--require',
  '-r',
  '--loader',
  '--experimental-loader',
  '--conditions',
  '-C',
]);

/**
 * Worker threads run TypeScript the way this process does: through tsx, which `npm start` loads with
 * `--import tsx` and the test runner does not (its own transform stops at the thread's edge).
 */
export function workerExecArgv(execArgv: readonly string[] = process.execArgv): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const arg = execArgv[i]!;
    const [name] = arg.split('=', 1);
    if (!WORKER_OPTIONS.has(name!)) continue;
    if (arg.includes('=')) kept.push(arg);
    else if (i + 1 < execArgv.length) kept.push(arg, execArgv[++i]!);
  }
  const hasTsx = kept.some((arg) => /(^|[=/])tsx(\/|$|\b)/.test(arg));
  return hasTsx ? kept : [...kept, '--import', 'tsx'];
}

export interface HeavyPool {
  work: HeavyWork;
  /** Threads running now (for the benchmark and tests). */
  threads(): number;
  close(): Promise<void>;
}

export function startHeavyPool(opts: { maxThreads?: number } = {}): HeavyPool {
  const pool = new Piscina<HeavyTask, HeavyResult>({
    filename: new URL('./heavy-worker.ts', import.meta.url).href,
    maxThreads: opts.maxThreads ?? Math.max(1, availableParallelism()),
    minThreads: 0,
    idleTimeout: IDLE_MS,
    execArgv: workerExecArgv(),
    // Tasks await between chunks (progress, WASM decoders): keep the threads' event loops running.
    atomics: 'disabled',
  });

  /** Runs a task; an engine error in the thread is thrown here as the VoiceEngineError it was. */
  const run = async (task: HeavyTask, options?: Parameters<typeof pool.run>[1]) => {
    const result = await pool.run(task, options);
    if (result && typeof result === 'object' && 'engineError' in result) {
      const { message, retryable, status } = (result as EngineFailure).engineError;
      throw new VoiceEngineError(message, retryable, status);
    }
    return result;
  };

  const work: HeavyWork = {
    async analyseSample(bytes, limits) {
      try {
        return (await run(
          { kind: 'analyse', bytes, limits },
          { signal: AbortSignal.timeout(limits.budgetMs ?? SAMPLE_BUDGET_MS) },
        )) as SampleAnalysis;
      } catch (error) {
        if ((error as Error).name !== 'AbortError') throw error;
        // The hard time budget: the thread was stopped mid-decode.
        return { ok: false, problem: 'undecodable', detail: 'decoding took longer than its budget' };
      }
    },
    async fitLocalVoice(sample) {
      return (await run({ kind: 'fit', sample })) as LocalVoiceParams;
    },
    async synthesizeLocal(voiceId, text, options = {}) {
      const channel = new MessageChannel();
      // The caller's signal, or a failed progress callback (as inline, where it would throw), stops the thread.
      const stop = new AbortController();
      const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
      let progressError: unknown;
      let pending = Promise.resolve();
      // Progress travels on its own port, beside the task's result: the result may arrive first, so the
      // worker closes the port after its last message and the caller waits for that close.
      const drained = new Promise<void>((resolve) => channel.port1.once('close', resolve));
      channel.port1.on('message', (fraction: number) => {
        pending = pending
          .then(() => options.onProgress?.(fraction))
          .catch((error: unknown) => {
            progressError ??= error;
            stop.abort();
          });
      });
      try {
        const result = (await run(
          { kind: 'synthesize', voiceId, text, progress: channel.port2, measure: Boolean(options.measure) },
          { transferList: [channel.port2], signal },
        )) as SynthesisResult;
        await drained;
        await pending;
        if (progressError) throw progressError;
        if (options.measure && result.measure) {
          options.measure.synthesisMs += result.measure.synthesisMs;
          options.measure.encodingMs += result.measure.encodingMs;
        }
        return { mp3: result.mp3, duration: result.duration, words: result.words };
      } catch (error) {
        if (progressError) throw progressError;
        if ((error as Error).name === 'AbortError') throw new VoiceEngineError('Narration cancelled', true);
        throw error;
      } finally {
        channel.port1.close();
      }
    },
  };

  return {
    work,
    threads: () => pool.threads.length,
    close: () => pool.destroy(),
  };
}
