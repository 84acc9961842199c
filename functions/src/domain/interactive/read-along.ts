import type { ReadAlongDto } from '@storyloom/shared/interactive';
import { splitSentences } from '../../adapters/answerer/sentences.ts';
import type { StoryRecord } from '../../data/stories.ts';
import { loadListenableStory, loadSharedStory } from '../stories/access.ts';
import { getNarrationTimings } from '../voice/narration.ts';
import { sentenceStartTimes } from './heard.ts';

/**
 * The read-along of a narrated story: its sentences (offsets into the content, the same numbering the
 * answers cite) and when the narration starts each. Empty without a ready narration of the current text.
 */
async function readAlongOf(story: StoryRecord): Promise<ReadAlongDto> {
  const timings = story.audioKey ? await getNarrationTimings(story.id) : undefined;
  if (!timings) return { duration: null, sentences: [] };
  const sentences = splitSentences(story.content);
  const times = sentenceStartTimes(sentences, timings);
  return {
    duration: timings.duration,
    sentences: sentences.map((s) => ({ id: s.id, start: s.start, end: s.end, time: times.get(s.id) ?? null })),
  };
}

/** GET /api/interactive/read-along/{storyId}: the story page of its owner or of a person it is shared with. */
export async function userReadAlong(storyId: string, userId: string): Promise<ReadAlongDto> {
  return readAlongOf((await loadListenableStory(storyId, userId)).story);
}

/** GET /shared/interactive/read-along/{shareToken}: a live link's token, or a public story's id. */
export async function sharedReadAlong(tokenOrId: string): Promise<ReadAlongDto> {
  return readAlongOf((await loadSharedStory(tokenOrId)).story);
}
