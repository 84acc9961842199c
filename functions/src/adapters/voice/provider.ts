import { intEnv, optionalEnv } from '../../lib/env.ts';
import { secretValue } from '../../lib/secrets.ts';
import type { ElevenLabsOptions } from './elevenlabs-engine.ts';
import type { VoiceEngine } from './engine.ts';

/**
 * An ElevenLabs adapter built once per cold start from the key (fetched once, never logged); a failed
 * build is forgotten so the next call tries again.
 */
function onceEngine(options: () => Omit<ElevenLabsOptions, 'apiKey'>): () => Promise<VoiceEngine> {
  let engine: Promise<VoiceEngine> | undefined;
  return () => {
    engine ??= (async () => {
      const apiKey = await secretValue('elevenlabs');
      if (!apiKey) throw new Error('No ElevenLabs key configured');
      const { ElevenLabsVoiceEngine } = await import('./elevenlabs-engine.ts');
      return new ElevenLabsVoiceEngine({ apiKey, ...options() });
    })();
    engine.catch(() => {
      engine = undefined;
    });
    return engine;
  };
}

/**
 * The ElevenLabs adapter (SDK) for cloning and narration. Used by the media worker; API routes list voices
 * through catalog.ts without the SDK.
 */
export const elevenLabsEngine = onceEngine(() => ({
  baseUrl: process.env.ELEVENLABS_BASE_URL || undefined,
  modelId: process.env.ELEVENLABS_MODEL_ID || undefined,
  maxChars: process.env.ELEVENLABS_CHUNK_CHARS ? Number(process.env.ELEVENLABS_CHUNK_CHARS) : undefined,
  attempts: process.env.ELEVENLABS_ATTEMPTS ? Number(process.env.ELEVENLABS_ATTEMPTS) : undefined,
  backoffMs: process.env.ELEVENLABS_BACKOFF_MS ? Number(process.env.ELEVENLABS_BACKOFF_MS) : undefined,
}));

/** Spoken answers: the time the listener waits for the voice before the text answer is shown alone. */
export const ANSWER_SPEECH_BUDGET_MS = intEnv('ANSWER_SPEECH_BUDGET_MS', 6000);

/**
 * The ElevenLabs adapter for spoken answers, with a budget of its own (docs/interactive.md, "Spoken
 * answers"): a fast model (`ANSWER_VOICE_MODEL_ID`, eleven_flash_v2_5 by default), each request cut at the
 * budget, at most two attempts, short waits — never the narration's long time-outs and retries, which
 * would keep a listener waiting for minutes.
 */
export const elevenLabsAnswerEngine = onceEngine(() => ({
  baseUrl: process.env.ELEVENLABS_BASE_URL || undefined,
  modelId: optionalEnv('ANSWER_VOICE_MODEL_ID') ?? 'eleven_flash_v2_5',
  timeoutSeconds: ANSWER_SPEECH_BUDGET_MS / 1000,
  totalAttempts: 2,
  backoffMs: 200,
  rateLimitBackoffMs: 500,
  maxRetryAfterSeconds: 1,
}));
