import { voiceText } from '@storyloom/shared/voice';
import { engineKind } from '../../adapters/voice/engine-kind.ts';
import { deleteMediaUnder, mediaKeys } from '../../data/media.ts';
import { getStory } from '../../data/stories.ts';
import { deleteVoiceProfile, getVoiceProfile, listStoriesNarratedWithVoiceOf } from '../../data/voice.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { removeNarrationOf } from './narration.ts';
import { providerVoiceOf } from './provider-voices.ts';

/**
 * DELETE /api/voice: the user's voice goes everywhere: the profile (with the consent), the sample and
 * previews, every narration made with it, and the voice at the provider (a media job: only the media
 * worker holds the provider key).
 */
export async function deleteVoice(userId: string): Promise<{ message: string }> {
  for (const storyId of await listStoriesNarratedWithVoiceOf(userId)) {
    const story = await getStory(storyId);
    if (story && story.authorId === userId) await removeNarrationOf(story);
  }
  await purgeVoiceData(userId);
  return { message: voiceText.voiceDeleted };
}

/**
 * Account deletion, the voice part (domain/user-data-purgers.ts): the profile and the provider's voice.
 * Narrations go with the user's stories, and the media under users/<id>/ with the media purger.
 */
export async function purgeVoiceData(userId: string): Promise<void> {
  const profile = (await getVoiceProfile(userId)) ?? undefined;
  const before = new Date().toISOString();
  await deleteMediaUnder(mediaKeys.voicePrefix(userId));
  await deleteVoiceProfile(userId);
  // Every provider voice of the user: the live one, a pending one, and any the profile lost track of (by name).
  // A clone still running finds the profile gone when it lands, and deletes its voice itself.
  for (const voiceId of new Set([providerVoiceOf(profile), profile?.pendingProviderVoiceId])) {
    if (voiceId) await enqueueMediaJob({ type: 'voice.delete-provider-voice', voiceId });
  }
  if (engineKind() === 'elevenlabs' || profile?.engine === 'elevenlabs') {
    await enqueueMediaJob({ type: 'voice.delete-user-voices', userId, before });
  }
}
