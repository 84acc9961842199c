import type { NarrationTimings } from '@storyloom/shared/narration';
import { useServerEnv } from './env.ts';

/**
 * Gives a text story a ready narration made by the local voice engine (real MP3, real word timings),
 * stored where the narration job stores it, without going through the media queue. Returns the timings.
 */
export async function narrateStory(story: {
  ID: string;
  content: string;
  author: { id: string };
}): Promise<NarrationTimings> {
  useServerEnv();
  const [{ LocalVoiceEngine }, { LOCAL_PRESETS }, voiceData, { putMedia }, { textVersion }] = await Promise.all([
    import('@storyloom/functions/adapters/voice/local-engine'),
    import('@storyloom/functions/adapters/voice/local-voices'),
    import('@storyloom/functions/data/voice'),
    import('@storyloom/functions/data/media'),
    import('@storyloom/functions/domain/voice/narration'),
  ]);
  const voiceId = LOCAL_PRESETS[0]!.id;
  const synthesis = await new LocalVoiceEngine().synthesize(voiceId, story.content);
  const timings: NarrationTimings = { duration: synthesis.duration, words: synthesis.words };
  const id = `test-${Date.now()}`;
  const audioKey = voiceData.voiceMedia.narrationAudio(story.author.id, story.ID, id);
  const timingsKey = voiceData.voiceMedia.narrationTimings(story.author.id, story.ID, id);
  await putMedia(audioKey, synthesis.mp3, 'audio/mpeg');
  await putMedia(timingsKey, new TextEncoder().encode(JSON.stringify(timings)), 'application/json');
  const now = new Date().toISOString();
  const version = textVersion(story.content);
  await voiceData.putNarrationRequest({
    storyId: story.ID,
    ownerId: story.author.id,
    voiceId,
    status: 'ready',
    progress: 1,
    textVersion: version,
    jobKey: `${story.ID}:${version}:${voiceId}`,
    attempts: 1,
    audioKey,
    timingsKey,
    duration: synthesis.duration,
    requestedAt: now,
    finishedAt: now,
    updatedAt: now,
  });
  await voiceData.setStoryNarration(story.ID, { audioKey, voiceId });
  return timings;
}
