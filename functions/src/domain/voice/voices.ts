import type { AvailableVoiceDto } from '@storyloom/shared/voice';
import { catalogVoice, catalogVoices } from '../../adapters/voice/catalog.ts';
import { getVoiceProfile, type VoiceProfile } from '../../data/voice.ts';
import { providerVoiceOf } from './provider-voices.ts';

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

/** A voice a user may speak with, as the narration records it. */
export interface UsableVoice {
  id: string;
  name: string;
  /** The user's own voice (not a premade one). */
  own: boolean;
}

/**
 * A voice the user may narrate with: their own, or one everybody may pick. Anything else, another user's
 * voice included, is undefined, exactly like a voice that does not exist (docs/voice.md, "Your voice is yours").
 */
export async function usableVoice(userId: string, voiceId: string): Promise<UsableVoice | undefined> {
  const profile = await getVoiceProfile(userId);
  if (profile?.voiceId && profile.voiceId === voiceId)
    return { id: voiceId, name: profile.name ?? 'My voice', own: true };
  const premade = await catalogVoice(voiceId);
  return premade && { id: premade.id, name: premade.name, own: false };
}

/**
 * The voice a story's spoken answers may use: its author's own voice as it is now, or a premade voice.
 * Undefined (the answer stays text) for anything else, e.g. a narration left from before ownership was
 * checked, or a voice since deleted: nobody hears an answer in a voice that is not the storyteller's to give.
 * `known`: the author's profile as the caller has just read it (the question route reads it with the story).
 */
export async function storyAnswerVoice(
  story: {
    authorId: string;
    narrationVoiceId?: string;
    narrationVoiceOwn?: boolean;
  },
  known?: { profile: VoiceProfile | undefined },
): Promise<string | undefined> {
  const voiceId = story.narrationVoiceId;
  if (!voiceId) return undefined;
  if (story.narrationVoiceOwn !== false) {
    const profile = known ? known.profile : await getVoiceProfile(story.authorId);
    // A provider voice is a cache: evicted, the answer stays text (the next narration makes it again).
    if (profile?.voiceId === voiceId) return profile.engine === 'elevenlabs' ? providerVoiceOf(profile) : voiceId;
  }
  return (await catalogVoice(voiceId)) ? voiceId : undefined;
}
