import type { AvailableVoiceDto } from '@storyloom/shared/voice';
import { catalogHasVoice, catalogVoices } from '../../adapters/voice/catalog.ts';
import { getVoiceProfile } from '../../data/voice.ts';

/** GET /api/voice/available: the user's own voice first, then the engine's voices (with previews where made). */
export async function listAvailableVoices(userId: string): Promise<AvailableVoiceDto[]> {
  const [profile, catalog] = await Promise.all([getVoiceProfile(userId), catalogVoices()]);
  const voices: AvailableVoiceDto[] = [];
  if (profile?.voiceId) {
    voices.push({
      id: profile.voiceId,
      name: profile.name ?? 'My voice',
      preview_url: profile.previewKey ?? null,
      own: true,
    });
  }
  for (const voice of catalog) {
    if (voice.id === profile?.voiceId) continue;
    voices.push({
      ...voice,
      preview_url: voice.preview_url ?? profile?.presetPreviews?.[voice.id] ?? null,
      own: false,
    });
  }
  return voices;
}

/** A voice the user may narrate with: their own, or one of the engine's. */
export async function isAvailableVoice(userId: string, voiceId: string): Promise<boolean> {
  const profile = await getVoiceProfile(userId);
  if (profile?.voiceId === voiceId) return true;
  return catalogHasVoice(voiceId);
}
