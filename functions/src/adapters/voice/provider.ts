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
      attempts: process.env.ELEVENLABS_ATTEMPTS ? Number(process.env.ELEVENLABS_ATTEMPTS) : undefined,
      backoffMs: process.env.ELEVENLABS_BACKOFF_MS ? Number(process.env.ELEVENLABS_BACKOFF_MS) : undefined,
    });
  })();
  provider.catch(() => {
    provider = undefined;
  });
  return provider;
}
