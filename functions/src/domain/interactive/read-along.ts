import type { ReadAlongDto } from '@storyloom/shared/interactive';
import type { NarrationTimings } from '@storyloom/shared/narration';
import { splitSentences } from '../../adapters/answerer/sentences.ts';
import type { StoryRecord } from '../../data/stories.ts';
import { readMediaBytes } from '../../data/voice.ts';
import { loadListenableStory, loadSharedStory } from '../stories/access.ts';
import { listeningText, listensToTranscript, transcriptTimingsKey } from '../transcripts/listening.ts';
import { getNarrationTimings } from '../voice/narration.ts';
import { sentenceStartTimes } from './heard.ts';

/**
 * The read-along of a narrated story: its sentences (offsets into the content, the same numbering the
 * answers cite) and when the narration starts each. Empty without a ready narration of the current text.
 */
async function readAlongOf(story: StoryRecord): Promise<ReadAlongDto> {
  if (listensToTranscript(story)) return transcriptReadAlong(story);
  const timings = story.audioKey ? await getNarrationTimings(story.id) : undefined;
  if (!timings) return { duration: null, sentences: [] };
  const sentences = splitSentences(story.content);
  const times = sentenceStartTimes(sentences, timings);
  return {
    duration: timings.duration,
    sentences: sentences.map((s) => ({ id: s.id, start: s.start, end: s.end, time: times.get(s.id) ?? null })),
  };
}

/**
 * An audio story's read-along: its transcript's sentences and when the recording reaches each (word timings
 * of the speech to text, carried over the owner's corrections). Empty without timings (a typed transcript).
 */
async function transcriptReadAlong(story: StoryRecord): Promise<ReadAlongDto> {
  const key = transcriptTimingsKey(story);
  const bytes = key ? await readMediaBytes(key) : undefined;
  if (!bytes) return { duration: null, sentences: [] };
  const timings = JSON.parse(Buffer.from(bytes).toString('utf8')) as NarrationTimings;
  const sentences = splitSentences(await listeningText(story));
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
