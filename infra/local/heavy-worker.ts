import type { MessagePort } from 'node:worker_threads';
import { analyseSampleAudio, type SampleAnalysis } from '@storyloom/functions/adapters/voice/audio/sample-audio';
import { type Synthesis, VoiceEngineError } from '@storyloom/functions/adapters/voice/engine';
import { fitLocalVoice, synthesizeHere } from '@storyloom/functions/adapters/voice/local-engine';
import type { LocalVoiceParams } from '@storyloom/functions/adapters/voice/local-voices';
import { move, transferableSymbol, valueSymbol } from 'piscina';

/**
 * One worker thread of local mode's heavy-work pool (heavy-pool.ts): runs the same functions a Lambda
 * runs inline. No pool is registered in this thread, so they run here.
 */
export type HeavyTask =
  | { kind: 'analyse'; bytes: Uint8Array; limits: { maxSeconds: number; budgetMs?: number } }
  | { kind: 'fit'; sample: Uint8Array }
  | { kind: 'synthesize'; voiceId: string; text: string; progress?: MessagePort; measure: boolean };

export type SynthesisResult = Synthesis & { measure?: { synthesisMs: number; encodingMs: number } };

/** A VoiceEngineError crosses the thread's edge as data: a thrown error arrives as a plain Error. */
export interface EngineFailure {
  engineError: { message: string; retryable: boolean; status?: number };
}

export type HeavyResult = SampleAnalysis | LocalVoiceParams | SynthesisResult | EngineFailure;

export default async function run(task: HeavyTask): Promise<HeavyResult> {
  try {
    return await runTask(task);
  } catch (error) {
    if (!(error instanceof VoiceEngineError)) throw error;
    return { engineError: { message: error.message, retryable: error.retryable, status: error.status } };
  }
}

async function runTask(task: HeavyTask): Promise<HeavyResult> {
  switch (task.kind) {
    case 'analyse':
      return analyseSampleAudio(task.bytes, task.limits);
    case 'fit':
      return fitLocalVoice(task.sample);
    case 'synthesize': {
      const measure = task.measure ? { synthesisMs: 0, encodingMs: 0 } : undefined;
      try {
        const result = await synthesizeHere(task.voiceId, task.text, {
          measure,
          onProgress: (fraction) => task.progress?.postMessage(fraction),
        });
        // The MP3 (tens of MB for a long story) is handed over, not copied.
        const value: SynthesisResult = { ...result, measure };
        return move({
          get [transferableSymbol]() {
            return [result.mp3.buffer];
          },
          get [valueSymbol]() {
            return value;
          },
        }) as unknown as SynthesisResult;
      } finally {
        task.progress?.close();
      }
    }
  }
}
