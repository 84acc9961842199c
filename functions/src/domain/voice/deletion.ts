import { voiceText } from '@storyloom/shared/voice';
import { deleteMediaUnder, mediaKeys } from '../../data/media.ts';
import { getStory } from '../../data/stories.ts';
import { deleteVoiceProfile, getVoiceProfile, listStoriesNarratedWithVoiceOf } from '../../data/voice.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { removeNarrationOf } from './narration.ts';

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
  await deleteMediaUnder(mediaKeys.voicePrefix(userId));
  await deleteVoiceProfile(userId);
  if (profile?.voiceId && profile.engine === 'elevenlabs') {
    await enqueueMediaJob({ type: 'voice.delete-provider-voice', voiceId: profile.voiceId });
  }
}
