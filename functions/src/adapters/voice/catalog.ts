import { secretValue } from '../../lib/secrets.ts';
import type { VoiceInfo } from './engine.ts';
import { engineKind } from './engine-kind.ts';
import { LOCAL_PRESETS } from './local-voices.ts';

/**
 * The voices this deployment offers, for API functions. With a provider key, two plain GETs of
 * ElevenLabs' API (voice search, voice lookup) instead of its SDK, which would add 4.8 MB to each route;
 * without one, the local engine's presets (eSpeak-NG itself lives in the media worker alone).
 */
export { engineKind };

const BASE_URL = () => (process.env.ELEVENLABS_BASE_URL || 'https://api.elevenlabs.io').replace(/\/+$/, '');
const TIMEOUT_MS = 5000;

async function providerGet(path: string): Promise<Response> {
  const apiKey = await secretValue('elevenlabs');
  if (!apiKey) throw new Error('No ElevenLabs key configured');
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${BASE_URL()}${path}`, {
      headers: { 'xi-api-key': apiKey, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const retryable = response.status === 429 || response.status >= 500;
    if (!retryable || attempt >= 2) return response;
    await response.body?.cancel();
    const after = Number(response.headers.get('retry-after'));
    await new Promise((r) => setTimeout(r, Number.isFinite(after) && after > 0 ? Math.min(after, 3) * 1000 : 300));
  }
}

/** Voices everybody may pick in this deployment (the caller adds the user's own voice first). */
export async function catalogVoices(): Promise<VoiceInfo[]> {
  if (engineKind() !== 'elevenlabs') return LOCAL_PRESETS.map((v) => ({ ...v }));
  const response = await providerGet('/v2/voices?voice_type=default&page_size=50&sort=name&sort_direction=asc');
  if (!response.ok) throw new Error(`ElevenLabs voice search failed with ${response.status}`);
  const body = (await response.json()) as {
    voices?: Array<{ voice_id: string; name?: string; preview_url?: string | null }>;
  };
  return (body.voices ?? []).map((v) => ({
    id: v.voice_id,
    name: v.name ?? v.voice_id,
    preview_url: v.preview_url ?? null,
  }));
}

/**
 * One of the voices everybody may pick (a provider's premade voice, or a local preset), or undefined.
 * The provider's lookup answers for every voice of the shared account, other users' clones included, so
 * only its `premade` category counts here: a user's own voice is checked against their profile by the caller.
 */
export async function catalogVoice(voiceId: string): Promise<VoiceInfo | undefined> {
  if (engineKind() !== 'elevenlabs') {
    const preset = LOCAL_PRESETS.find((v) => v.id === voiceId);
    return preset && { ...preset };
  }
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(voiceId)) return undefined;
  const response = await providerGet(`/v1/voices/${encodeURIComponent(voiceId)}`);
  if (response.status === 404 || response.status === 400 || response.status === 422) {
    await response.body?.cancel();
    return undefined;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`ElevenLabs voice lookup failed with ${response.status}`);
  }
  const voice = (await response.json()) as {
    voice_id?: string;
    name?: string;
    category?: string;
    preview_url?: string;
  };
  if (voice.category !== 'premade') return undefined;
  return { id: voiceId, name: voice.name ?? voiceId, preview_url: voice.preview_url ?? null };
}
