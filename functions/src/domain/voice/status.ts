import { LOCAL_VOICE_LABEL, type VoiceStatusDto } from '@storyloom/shared/voice';
import { engineKind } from '../../adapters/voice/engine-kind.ts';
import { getVoiceProfile, type VoiceProfile } from '../../data/voice.ts';
import { recoverAbandonedClone } from './clone.ts';

export function toVoiceStatus(profile: VoiceProfile | undefined): VoiceStatusDto {
  const engine = profile?.engine ?? engineKind();
  return {
    voice_cloned: Boolean(profile?.voiceId),
    voice_id: profile?.voiceId ?? null,
    has_voice_sample: Boolean(profile?.sampleKey),
    voice_sample_url: profile?.sampleKey ?? null,
    voice_name: profile?.name ?? null,
    voice_description: profile?.description ?? null,
    sample_duration: profile?.sampleDuration ?? null,
    clone_status: profile?.cloneStatus ?? 'none',
    clone_error: profile?.cloneError ?? null,
    clone_problem: profile?.cloneStatus === 'failed' ? (profile.providerProblem ?? null) : null,
    sample_is_new: Boolean(profile?.voiceId && profile.sampleKey && profile.sampleKey !== profile.clonedFromSampleKey),
    consent_given: Boolean(profile?.consentAt),
    consent_at: profile?.consentAt ?? null,
    engine,
    engine_label: engine === 'local' ? LOCAL_VOICE_LABEL : 'ElevenLabs voice clone',
  };
}

/** GET /api/voice/status (an abandoned clone request is queued again here). */
export async function getVoiceStatus(userId: string): Promise<VoiceStatusDto> {
  const profile = await getVoiceProfile(userId);
  return toVoiceStatus(profile && (await recoverAbandonedClone(profile)));
}
