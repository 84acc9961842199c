import { decodeAudio } from './decode.ts';
import { analyseSpeech, type SpeechStats } from './pitch.ts';
import { AudioFormatError, AudioLimitError } from './wav.ts';

/**
 * The heavy half of checking a voice sample (decode, then measure speech), as one pure function that
 * runs inline in a Lambda and in a worker thread in local mode (offload.ts). The caller has measured
 * the file first (probe.ts) and passes a cap a little over what the headers promised.
 */
export type SampleAnalysis =
  | { ok: true; stats: SpeechStats }
  | { ok: false; problem: 'undecodable' | 'over-cap'; detail: string };

export async function analyseSampleAudio(
  bytes: Uint8Array,
  limits: { maxSeconds: number; budgetMs?: number },
): Promise<SampleAnalysis> {
  try {
    const pcm = await decodeAudio(bytes, limits);
    return { ok: true, stats: analyseSpeech(pcm.samples, pcm.sampleRate) };
  } catch (error) {
    if (error instanceof AudioLimitError) return { ok: false, problem: 'over-cap', detail: error.message };
    if (error instanceof AudioFormatError) return { ok: false, problem: 'undecodable', detail: error.message };
    // The WASM decoders throw their own errors on broken input.
    return { ok: false, problem: 'undecodable', detail: (error as Error).message };
  }
}
