import type { VoiceEngine } from './engine.ts';
import { engineKind } from './engine-kind.ts';
import { elevenLabsEngine } from './provider.ts';

let local: Promise<VoiceEngine> | undefined;

/**
 * The engine the media worker runs: ElevenLabs when a key is configured, else the local eSpeak-NG
 * engine (loaded on first use; only the media worker's bundle carries it).
 */
export function voiceEngine(): Promise<VoiceEngine> {
  if (engineKind() === 'elevenlabs') return elevenLabsEngine();
  local ??= import('./local-engine.ts').then(({ LocalVoiceEngine }) => new LocalVoiceEngine());
  return local;
}
