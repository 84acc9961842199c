import { providerKey } from '../../lib/secrets.ts';
import type { VoiceEngine, VoiceInfo } from './engine.ts';
import { engineKind } from './engine-kind.ts';
import { LOCAL_PRESETS } from './local-voices.ts';

/**
 * The voices this deployment offers, for API functions: the ElevenLabs SDK is loaded only when a key
 * is configured, and eSpeak-NG never (it lives in the media worker's bundle alone).
 */
export { engineKind };

let provider: Promise<VoiceEngine> | undefined;

/** The ElevenLabs adapter, built once per cold start (the key is fetched once, never logged). */
export function elevenLabsEngine(): Promise<VoiceEngine> {
  provider ??= (async () => {
    const apiKey = await providerKey('elevenlabs');
    if (!apiKey) throw new Error('No ElevenLabs key configured');
    const { ElevenLabsVoiceEngine } = await import('./elevenlabs-engine.ts');
    return new ElevenLabsVoiceEngine({
      apiKey,
      baseUrl: process.env.ELEVENLABS_BASE_URL || undefined,
      modelId: process.env.ELEVENLABS_MODEL_ID || undefined,
    });
  })();
  provider.catch(() => {
    provider = undefined;
  });
  return provider;
}

/** Voices everybody may pick in this deployment (the caller adds the user's own voice first). */
export async function catalogVoices(): Promise<VoiceInfo[]> {
  if (engineKind() === 'elevenlabs') return (await elevenLabsEngine()).listVoices();
  return LOCAL_PRESETS.map((v) => ({ ...v }));
}

/** Whether a voice id names a voice of this deployment's engine (the user's own is checked by the caller). */
export async function catalogHasVoice(voiceId: string): Promise<boolean> {
  if (engineKind() === 'elevenlabs') return (await elevenLabsEngine()).hasVoice(voiceId);
  return LOCAL_PRESETS.some((v) => v.id === voiceId);
}
