import type { SampleAnalysis } from './audio/sample-audio.ts';
import type { Synthesis, SynthesisOptions } from './engine.ts';
import type { LocalVoiceParams } from './local-voices.ts';

/**
 * The CPU-heavy voice work (decoding and analysing a sample, fitting a local voice, synthesis and MP3
 * encoding), behind one port. In a Lambda it runs inline: one request per instance, nothing else to
 * hold up. Local mode serves every request from one process, so it registers a pool of worker
 * threads here (infra/local/heavy-pool.ts) and the API stays responsive during a narration.
 */
export interface HeavyWork {
  analyseSample(bytes: Uint8Array, limits: { maxSeconds: number; budgetMs?: number }): Promise<SampleAnalysis>;
  fitLocalVoice(sample: Uint8Array): Promise<LocalVoiceParams>;
  synthesizeLocal(voiceId: string, text: string, options?: SynthesisOptions): Promise<Synthesis>;
}

let registered: HeavyWork | undefined;

/** Local mode's worker pool (or undefined to run inline again). */
export function registerHeavyWork(work: HeavyWork | undefined): void {
  registered = work;
}

/** The worker pool when local mode registered one; undefined means "run it here". */
export function heavyWork(): HeavyWork | undefined {
  return registered;
}
