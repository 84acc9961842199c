import { randomUUID } from 'node:crypto';
import type { CreateAudioStoryInput } from '@storyloom/shared/media';
import type { StoryDto } from '@storyloom/shared/schemas/stories';
import { deleteMedia, mediaKeys } from '../../data/media.ts';
import { putNewStory, type StoryRecord } from '../../data/stories.ts';
import { newStoryId } from '../stories/ids.ts';
import { ownerStoryView, usernameOf } from '../stories/stories.ts';
import { requestMachineTranscript } from '../transcripts/request.ts';
import { acceptUpload } from './uploads.ts';

/**
 * POST /api/stories/audio: an audio story from an uploaded recording or file. The upload is checked
 * and moved to users/<owner>/stories/<storyId>/audio/ before the story is written, so the story never
 * points at nothing; if writing the story fails, the moved file is deleted again. Private, comments
 * allowed, like a new text story; the description is the story's `content`.
 */
export async function createAudioStory(userId: string, input: CreateAudioStoryInput): Promise<StoryDto> {
  const authorUsername = await usernameOf(userId);
  const storyId = newStoryId();
  const { finalKey } = await acceptUpload(userId, 'story-audio', input.upload_key, (ext) =>
    mediaKeys.storyAudio(userId, storyId, randomUUID(), ext),
  );
  const now = new Date().toISOString();
  const story: StoryRecord = {
    id: storyId,
    authorId: userId,
    authorUsername,
    title: input.title,
    content: input.description ?? '',
    storyType: 'audio',
    createdAt: now,
    updatedAt: now,
    audioKey: finalKey,
    isPublic: false,
    allowComments: true,
  };
  try {
    await putNewStory(story);
  } catch (error) {
    await deleteMedia(finalKey);
    throw error;
  }
  // With a speech-to-text key the worker transcribes it (docs/stories.md, "Transcripts"); else the owner types it.
  await requestMachineTranscript(story);
  return ownerStoryView(storyId);
}
