import { type VoiceEngine, VoiceEngineError } from './engine.ts';
import { engineKind } from './engine-kind.ts';
import { elevenLabsAnswerEngine } from './provider.ts';

type EngineFactory = () => Promise<VoiceEngine>;
let localFactory: EngineFactory | undefined;
let local: Promise<VoiceEngine> | undefined;

/**
 * Local mode hands API functions the local engine here (infra/local/stack.ts): in a Lambda, eSpeak-NG
 * lives in the media worker's bundle alone (infra/lib/bundle.ts refuses it elsewhere).
 */
export function registerLocalSpeechEngine(factory: EngineFactory): void {
  localFactory = factory;
}

/**
 * The engine an API function may speak short texts with (spoken answers): ElevenLabs when a key is
 * configured (its answer budget: provider.ts `elevenLabsAnswerEngine`); else the local engine where local mode registered it; else none (the caller falls back to
 * text). Long work (narration, cloning) belongs to the media worker's `voiceEngine()`.
 */
export async function speechEngine(): Promise<VoiceEngine> {
  if (engineKind() === 'elevenlabs') return elevenLabsAnswerEngine();
  if (!localFactory) throw new VoiceEngineError('No voice engine in this function (no provider key)', false);
  local ??= localFactory();
  return local;
}
