import { providerConfigured } from '../../lib/secrets.ts';

/** Which engine this deployment runs: ElevenLabs when a key is configured, else the local engine. */
export function engineKind(): 'local' | 'elevenlabs' {
  return providerConfigured('elevenlabs') ? 'elevenlabs' : 'local';
}
