import type { NarrationTimings } from '@storyloom/shared/narration';
import type { StorySentence } from '../../adapters/answerer/port.ts';
import type { StoryRecord } from '../../data/stories.ts';
import { readMediaBytes, voiceMedia } from '../../data/voice.ts';
import { logger } from '../../lib/logger.ts';
import { transcriptTimingsKey } from '../transcripts/listening.ts';
import { type SentenceTimes, sentenceTimes } from './heard.ts';

type StoryTimingsSource = Pick<StoryRecord, 'id' | 'authorId' | 'audioKey' | 'storyType' | 'transcript'>;

/**
 * The narration's word timings as the question route needs them: read once per container and narration
 * (the story's `audioKey` names the narration, and its timings file sits beside it), kept as a few numbers
 * per sentence (heard.ts `SentenceTimes`). No DynamoDB call: the story record already says which narration
 * plays. A story whose audio is not a narration (an audio story) has no timings: the whole text counts.
 */
const MAX_CACHED = 50;
const cache = new Map<string, Promise<SentenceTimes | undefined>>();

/**
 * The timings file of what the story plays: its narration's, or an audio story's transcript's (word times into
 * the recording, docs/stories.md "Transcripts").
 */
export function narrationTimingsKey(story: StoryTimingsSource): string | undefined {
  const transcript = transcriptTimingsKey(story);
  if (transcript) return transcript;
  const prefix = voiceMedia.narrationPrefix(story.authorId, story.id);
  if (!story.audioKey?.startsWith(prefix) || !story.audioKey.endsWith('.mp3')) return undefined;
  return `${story.audioKey.slice(0, -'.mp3'.length)}.timings.json`;
}

async function read(key: string, sentences: readonly StorySentence[]): Promise<SentenceTimes | undefined> {
  const bytes = await readMediaBytes(key);
  if (!bytes) return undefined;
  return sentenceTimes(sentences, JSON.parse(Buffer.from(bytes).toString('utf8')) as NarrationTimings);
}

/**
 * Sentence times of the story's narration for this text (`textVersion`: a hash of the content the sentences
 * were split from); undefined without timings or when they cannot be read (the whole text counts as heard).
 */
export async function cachedSentenceTimes(
  story: StoryTimingsSource,
  textVersion: string,
  sentences: readonly StorySentence[],
): Promise<SentenceTimes | undefined> {
  const key = narrationTimingsKey(story);
  if (!key) return undefined;
  const cacheKey = `${key}\n${textVersion}`;
  let entry = cache.get(cacheKey);
  if (!entry) {
    entry = read(key, sentences).catch((error: Error) => {
      cache.delete(cacheKey);
      logger.warn('narration timings unreadable; the whole text counts as heard', { reason: error.name });
      return undefined;
    });
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(cacheKey, entry);
  }
  return entry;
}
