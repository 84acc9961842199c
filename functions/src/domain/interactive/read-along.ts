import type { ReadAlongDto } from '@storyloom/shared/interactive';
import { fallback } from '@storyloom/shared/messages';
import { SHARE_TOKEN_PATTERN, STORY_ID_PATTERN } from '@storyloom/shared/schemas/stories';
import { splitSentences } from '../../adapters/answerer/text.ts';
import { getShareLinkStoryId } from '../../data/share-links.ts';
import { getStory, type StoryRecord } from '../../data/stories.ts';
import { NotFound } from '../../lib/errors.ts';
import { loadOwnedStory } from '../stories/access.ts';
import { getNarrationTimings } from '../voice/narration.ts';
import { sentenceStartTimes } from './heard.ts';
import { stillAllowed } from './sessions.ts';

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

/** GET /api/interactive/read-along/{storyId}: for the owner's story page. */
export async function ownerReadAlong(storyId: string, userId: string): Promise<ReadAlongDto> {
  return readAlongOf(await loadOwnedStory(storyId, userId));
}

/** GET /shared/interactive/read-along/{shareToken}: a live link's token, or a public story's id. */
export async function sharedReadAlong(tokenOrId: string): Promise<ReadAlongDto> {
  const byToken = SHARE_TOKEN_PATTERN.test(tokenOrId);
  const storyId = byToken
    ? await getShareLinkStoryId(tokenOrId)
    : STORY_ID_PATTERN.test(tokenOrId)
      ? tokenOrId
      : undefined;
  const story = storyId ? await getStory(storyId) : undefined;
  const listener = byToken ? ({ kind: 'link', token: tokenOrId } as const) : ({ kind: 'public' } as const);
  if (!story || !stillAllowed(story, listener)) throw new NotFound(fallback.sharedNotFound);
  return readAlongOf(story);
}
