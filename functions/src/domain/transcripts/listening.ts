import type { StoryRecord } from '../../data/stories.ts';
import { getTranscriptRecord, type TranscriptRecord, transcriptMedia } from '../../data/transcripts.ts';
import { getVoiceProfile, type VoiceProfile } from '../../data/voice.ts';

/**
 * An audio story's transcript as the listening routes use it (docs/stories.md, "Transcripts"): the text the
 * answers come from and the read-along shows, its word timings (into the recording, so "heard so far" works),
 * and the storyteller's own voice for spoken answers. A text story keeps its content and its narration.
 */

/** Transcript texts kept per container by version (the story item's summary names the current one). */
const MAX_CACHED = 50;
const texts = new Map<string, Promise<string | undefined>>();

/** Whether the listening routes read this story from its transcript. */
export function listensToTranscript(story: StoryRecord): boolean {
  return story.storyType === 'audio' && story.transcript !== undefined;
}

/**
 * The text a listener's questions are answered from: an audio story's transcript when it has one (one read per
 * container and transcript version), else the story's content (a text story, or a description).
 */
export async function listeningText(story: StoryRecord): Promise<string> {
  const summary = story.transcript;
  if (story.storyType !== 'audio' || !summary) return story.content;
  if (!summary.truncated) return summary.excerpt;
  const key = `${story.id}\n${summary.version}`;
  let entry = texts.get(key);
  if (!entry) {
    entry = getTranscriptRecord(story.id).then((r) => (r?.version === summary.version ? r.text : undefined));
    entry.catch(() => texts.delete(key));
    if (texts.size >= MAX_CACHED) texts.delete(texts.keys().next().value!);
    texts.set(key, entry);
  }
  return (await entry) ?? summary.excerpt;
}

/** Whether this container keeps a transcript text of the story (of any version): the question route reads it otherwise. */
export function keepsTranscriptText(storyId: string): boolean {
  for (const key of texts.keys()) if (key.startsWith(`${storyId}\n`)) return true;
  return false;
}

/** Keeps a transcript record read elsewhere (the question route's batch read) for `listeningText`. */
export function keepTranscriptText(record: TranscriptRecord): void {
  if (record.text === undefined || !record.version) return;
  if (texts.size >= MAX_CACHED) texts.delete(texts.keys().next().value!);
  texts.set(`${record.storyId}\n${record.version}`, Promise.resolve(record.text));
}

/** The timings file of an audio story's transcript, when its words carry times. */
export function transcriptTimingsKey(story: Pick<StoryRecord, 'id' | 'authorId' | 'storyType' | 'transcript'>) {
  if (story.storyType !== 'audio' || !story.transcript?.timed) return undefined;
  return transcriptMedia.timings(story.authorId, story.id, story.transcript.version);
}

/**
 * The voice an audio story's answers are spoken in: the storyteller's own voice as it is now (a clone with a
 * provider key, the local voice without), or none (answers stay text). Never anyone else's. `known`: the
 * author's profile as the caller has just read it.
 */
export async function storytellerVoice(
  story: Pick<StoryRecord, 'authorId' | 'storyType'>,
  known?: { profile: VoiceProfile | undefined },
) {
  if (story.storyType !== 'audio') return undefined;
  return (known ? known.profile : await getVoiceProfile(story.authorId))?.voiceId;
}
