import { LOCAL_VOICE_LABEL } from '@storyloom/shared/voice';
import type { VoiceInfo } from './engine.ts';

/**
 * The local engine's voices, without the engine: API functions list and check them while eSpeak-NG
 * itself stays in the media worker's bundle (docs/voice.md, "Bundles").
 */
export const LOCAL_CLONE_LABEL = LOCAL_VOICE_LABEL;

/** Two voice families of eSpeak: male (66–170 Hz reachable) and female (145–335 Hz). */
export type Family = 'm' | 'f';

/** Parameters of a local voice, carried in its id (`local:<family>:<hz>:<wpm>`): nothing to store elsewhere. */
export interface LocalVoiceParams {
  family: Family;
  hz: number;
  wpm: number;
}

export function localVoiceId(params: LocalVoiceParams): string {
  return `local:${params.family}:${Math.round(params.hz)}:${Math.round(params.wpm)}`;
}

export function parseLocalVoiceId(id: string): LocalVoiceParams | undefined {
  const m = /^local:([mf]):(\d{2,3}):(\d{2,3})$/.exec(id);
  if (!m) return undefined;
  return { family: m[1] as Family, hz: Number(m[2]), wpm: Number(m[3]) };
}

/** Voices anyone may pick without a sample of their own. */
export const LOCAL_PRESETS: readonly VoiceInfo[] = [
  { id: localVoiceId({ family: 'm', hz: 105, wpm: 160 }), name: 'Local voice — lower', preview_url: null },
  { id: localVoiceId({ family: 'f', hz: 210, wpm: 165 }), name: 'Local voice — higher', preview_url: null },
];
