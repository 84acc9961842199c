import type { WordTiming } from '@storyloom/shared/narration';

/** A voice the user may pick for a narration (spec: Available voice). */
export interface VoiceInfo {
  id: string;
  name: string;
  /** A media path (resolved through the secure-url helper) or a full URL; null when there is no preview. */
  preview_url: string | null;
}

export interface CloneRequest {
  name: string;
  description?: string;
  /** The sample as uploaded (any accepted container). */
  sample: Uint8Array;
  contentType: string;
  fileName: string;
  /** When the user updates a clone: the voice the new one replaces (the engine may reuse or delete it). */
  replaces?: string;
}

export interface SynthesisOptions {
  /** Called with 0..1 as the work advances (narration progress). */
  onProgress?: (fraction: number) => void | Promise<void>;
  signal?: AbortSignal;
  /** Filled with where the time went (the benchmark reads it); engines that cannot tell leave it alone. */
  measure?: { synthesisMs: number; encodingMs: number };
  /**
   * Checkpoints of a long narration: an engine that speaks a text in paid requests saves each finished
   * chunk here and, on a later attempt, takes the chunks already saved instead of paying for them again.
   */
  parts?: PartStore;
}

/** One finished chunk of a narration: its audio and the timings of its words (times from the chunk's start). */
export interface SynthesizedPart {
  index: number;
  /** The chunk's place in the text and its words: a saved part is used again only for the very same span. */
  offset: number;
  length: number;
  text: string;
  mp3: Uint8Array;
  duration: number;
  words: WordTiming[];
}

export interface PartStore {
  /** The part saved for this chunk, if it was made from this very text at this place. */
  load(index: number, span: { offset: number; length: number; text: string }): Promise<SynthesizedPart | undefined>;
  save(part: SynthesizedPart): Promise<void>;
}

export interface Synthesis {
  /** One MP3 file. */
  mp3: Uint8Array;
  /** Seconds of audio. */
  duration: number;
  /** Every word of the text, in order, with offsets into the text that was given. */
  words: WordTiming[];
}

/**
 * The voice engine port (docs/voice.md): clone a voice from a sample, list the voices a user may
 * pick, and speak a text with word timings. Two adapters: the local eSpeak-NG engine (default) and
 * ElevenLabs (when a key is configured).
 */
export interface VoiceEngine {
  readonly kind: 'local' | 'elevenlabs';
  /** What the app calls a voice made from a sample: the local engine does not clone, and says so. */
  readonly cloneLabel: string;
  /** `requiresVerification`: the provider made the voice but will not speak with it until verified. */
  clone(request: CloneRequest): Promise<{ voiceId: string; requiresVerification?: boolean }>;
  /** The provider's own (cloned) voices whose name contains `search`; absent for engines without stored voices. */
  findVoices?(search: string): Promise<Array<{ id: string; name: string; createdAtUnix?: number }>>;
  /** Voices everybody may use (the user's own voice is added by the caller). */
  listVoices(): Promise<VoiceInfo[]>;
  /** Whether a voice id belongs to this engine and still exists (narration refuses unknown voices). */
  hasVoice(voiceId: string): Promise<boolean>;
  synthesize(voiceId: string, text: string, options?: SynthesisOptions): Promise<Synthesis>;
  /** Removes a cloned voice at the provider; a no-op for voices that live nowhere else. */
  deleteVoice(voiceId: string): Promise<void>;
}

/** A provider failure worth retrying later (rate limit, 5xx, time-out) versus one that will not go away. */
export class VoiceEngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
    /** The provider's own word for it (`detail.status`: voice_limit_reached, quota_exceeded, …). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'VoiceEngineError';
  }
}
