import { intEnv, optionalEnv } from '../../lib/env.ts';
import { secretValue } from '../../lib/secrets.ts';
import type { VoiceEngine } from './engine.ts';

let provider: Promise<VoiceEngine> | undefined;

/**
 * The ElevenLabs adapter (SDK), built once per cold start; the key is fetched once and never logged.
 * Used by the media worker (and spoken answers); API routes list voices through catalog.ts without the SDK.
 */
export function elevenLabsEngine(): Promise<VoiceEngine> {
  provider ??= (async () => {
    const apiKey = await secretValue('elevenlabs');
    if (!apiKey) throw new Error('No ElevenLabs key configured');
    const { ElevenLabsVoiceEngine } = await import('./elevenlabs-engine.ts');
    return new ElevenLabsVoiceEngine({
      apiKey,
      baseUrl: process.env.ELEVENLABS_BASE_URL || undefined,
      modelId: process.env.ELEVENLABS_MODEL_ID || undefined,
      maxChars: process.env.ELEVENLABS_CHUNK_CHARS ? Number(process.env.ELEVENLABS_CHUNK_CHARS) : undefined,
      attempts: process.env.ELEVENLABS_ATTEMPTS ? Number(process.env.ELEVENLABS_ATTEMPTS) : undefined,
      backoffMs: process.env.ELEVENLABS_BACKOFF_MS ? Number(process.env.ELEVENLABS_BACKOFF_MS) : undefined,
    });
  })();
  provider.catch(() => {
    provider = undefined;
  });
  return provider;
}

/** Spoken answers: the time the listener waits for the voice before the text answer is shown alone. */
export const ANSWER_SPEECH_BUDGET_MS = intEnv('ANSWER_SPEECH_BUDGET_MS', 6000);

let answerVoice: Promise<VoiceEngine> | undefined;

/**
 * The ElevenLabs adapter for spoken answers, with a budget of its own (docs/interactive.md, "Spoken
 * answers"): a fast model (`ANSWER_VOICE_MODEL_ID`, eleven_flash_v2_5 by default), each request cut at the
 * budget, at most two attempts, short waits — never the narration's long time-outs and retries, which
 * would keep a listener waiting for minutes.
 */
export function elevenLabsAnswerEngine(): Promise<VoiceEngine> {
  answerVoice ??= (async () => {
    const apiKey = await secretValue('elevenlabs');
    if (!apiKey) throw new Error('No ElevenLabs key configured');
    const { ElevenLabsVoiceEngine } = await import('./elevenlabs-engine.ts');
    return new ElevenLabsVoiceEngine({
      apiKey,
      baseUrl: process.env.ELEVENLABS_BASE_URL || undefined,
      modelId: optionalEnv('ANSWER_VOICE_MODEL_ID') ?? 'eleven_flash_v2_5',
      timeoutSeconds: ANSWER_SPEECH_BUDGET_MS / 1000,
      totalAttempts: 2,
      backoffMs: 200,
      rateLimitBackoffMs: 500,
      maxRetryAfterSeconds: 1,
    });
  })();
  answerVoice.catch(() => {
    answerVoice = undefined;
  });
  return answerVoice;
}
