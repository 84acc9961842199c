import type { NarrationTimings, WordTiming } from '@storyloom/shared/narration';
import { optionalEnv } from '../../lib/env.ts';
import { secretValue } from '../../lib/secrets.ts';

/**
 * Speech to text behind a port (docs/stories.md, "Transcripts"): ElevenLabs' Scribe with word timings when a
 * key is configured. There is no local engine: no speech-recognition weights install from npm here
 * (/work/shared/DESIGN.md, "Offline models"), so without a key the storyteller types the transcript.
 */
export interface RecognisedWord {
  text: string;
  start?: number;
  end?: number;
  /** Scribe's kinds: 'word', 'spacing', 'audio_event' (laughter…). */
  type: string;
}

export interface Recognition {
  text: string;
  languageCode?: string;
  durationSeconds?: number;
  words: RecognisedWord[];
}

export interface Transcriber {
  transcribe(audio: Uint8Array, file: { fileName: string; contentType: string }): Promise<Recognition>;
}

/** Scribe's model: `ELEVENLABS_STT_MODEL_ID`, else scribe_v2 (the SDK 2.73 example's; scribe_v1 also exists). */
export const STT_MODEL_ID = () => optionalEnv('ELEVENLABS_STT_MODEL_ID') ?? 'scribe_v2';

let transcriber: Promise<Transcriber> | undefined;

/** The ElevenLabs transcriber, built once per cold start from the key (a failed build is forgotten). */
export function elevenLabsTranscriber(): Promise<Transcriber> {
  transcriber ??= (async () => {
    const apiKey = await secretValue('elevenlabs');
    if (!apiKey) throw new Error('No ElevenLabs key configured');
    const { ElevenLabsVoiceEngine } = await import('./elevenlabs-engine.ts');
    const engine = new ElevenLabsVoiceEngine({
      apiKey,
      baseUrl: process.env.ELEVENLABS_BASE_URL || undefined,
      attempts: process.env.ELEVENLABS_ATTEMPTS ? Number(process.env.ELEVENLABS_ATTEMPTS) : undefined,
      backoffMs: process.env.ELEVENLABS_BACKOFF_MS ? Number(process.env.ELEVENLABS_BACKOFF_MS) : undefined,
    });
    return { transcribe: (audio, file) => engine.transcribe(audio, file, STT_MODEL_ID()) };
  })();
  transcriber.catch(() => {
    transcriber = undefined;
  });
  return transcriber;
}

/**
 * The transcript text and its word timings from a recognition: the text trimmed, each spoken word found in
 * it in order (offsets into the text, as the read-along and the answerer's "heard so far" need them); spacing
 * and audio events are not words. A word the text does not hold (never seen, but the provider's text and
 * words are two fields) is skipped rather than guessed. Undefined timings when no word carries times.
 */
export function transcriptFromRecognition(recognition: Recognition): { text: string; timings?: NarrationTimings } {
  const text = recognition.text.trim();
  const words: WordTiming[] = [];
  let cursor = 0;
  for (const word of recognition.words) {
    if (word.type !== 'word') continue;
    const spoken = word.text.trim();
    if (!spoken || word.start === undefined || word.end === undefined) continue;
    const at = text.indexOf(spoken, cursor);
    if (at < 0) continue;
    words.push({
      text: spoken,
      start: word.start,
      end: Math.max(word.start, word.end),
      offset: at,
      length: spoken.length,
    });
    cursor = at + spoken.length;
  }
  if (words.length === 0) return { text };
  const duration = Math.max(recognition.durationSeconds ?? 0, words[words.length - 1]!.end);
  return { text, timings: { duration, words } };
}
