import type { StartKey } from '../../../data/query.ts';
import {
  getStories,
  getStoryView,
  listStoryComments,
  listStoryIdsByAuthor,
  type StoryRecord,
} from '../../../data/stories.ts';
import { type CommentRecord, toCommentRecord } from '../../../data/story-comments.ts';
import { photosFromItems } from '../../../data/story-photos.ts';
import { isShareItem, type ShareRecord, toShareRecord } from '../../../data/story-shares.ts';
import { isTranscriptItem, toTranscriptRecord } from '../../../data/transcripts.ts';
import { getUser, type UserRecord } from '../../../data/users.ts';
import { type AnsweredQuestion, familyQuestionsAnsweredBy } from '../../prompts/answered-by.ts';

/** A media object that goes into the zip, and the name it has there (inside its story's folder). */
export interface ExportMedia {
  key: string;
  /** File name in the story's folder, e.g. `recording.webm`, `photos/01.jpg`. */
  name: string;
  role: 'recording' | 'narration' | 'narration-timings' | 'photo' | 'transcript';
  /** For photos: caption and alt text; for narrations: who speaks it. */
  caption?: string;
  alt?: string;
  voiceName?: string;
}

/** One story with everything the zip holds of it. */
export interface ExportStory {
  story: StoryRecord;
  comments: CommentRecord[];
  shares: ShareRecord[];
  media: ExportMedia[];
  /** A transcript's text, when the story has one (shown in the Markdown and the page). */
  transcript?: { text: string; machineMade: boolean };
  /** The questions from the family this story answers (the prompts feature), oldest first. */
  answers?: AnsweredQuestion[];
}

export interface ExportModel {
  user: UserRecord;
  stories: ExportStory[];
}

const extOf = (key: string, fallback: string) => /\.([A-Za-z0-9]{1,5})$/.exec(key)?.[1]?.toLowerCase() ?? fallback;

/** Date order, as people tell their life: start date, else when it was written. */
export function byStoryDate(a: StoryRecord, b: StoryRecord): number {
  const ka = a.startDate ?? a.createdAt.slice(0, 10);
  const kb = b.startDate ?? b.createdAt.slice(0, 10);
  return ka === kb ? a.createdAt.localeCompare(b.createdAt) : ka.localeCompare(kb);
}

async function allComments(storyId: string): Promise<CommentRecord[]> {
  const pages: CommentRecord[][] = [];
  let startKey: StartKey | undefined;
  do {
    const page = await listStoryComments(storyId, { limit: 500, startKey });
    pages.unshift(page.items.map(toCommentRecord));
    startKey = page.next;
  } while (startKey);
  return pages.flat();
}

/** The media of a story from its record and its partition's items (narration record). */
function storyMedia(story: StoryRecord, items: Record<string, unknown>[]): ExportMedia[] {
  const media: ExportMedia[] = [];
  if (story.audioKey && story.storyType === 'audio') {
    media.push({ key: story.audioKey, name: `recording.${extOf(story.audioKey, 'webm')}`, role: 'recording' });
  }
  const narration = items.find((item) => item.sk === 'NARRATION');
  // The story points at its current narration; the record may describe a newer one still being made.
  if (story.storyType === 'text' && story.audioKey) {
    media.push({
      key: story.audioKey,
      name: 'narration.mp3',
      role: 'narration',
      voiceName: story.narrationVoiceName,
    });
    if (narration?.audioKey === story.audioKey && typeof narration.timingsKey === 'string') {
      media.push({ key: narration.timingsKey, name: 'narration-timings.json', role: 'narration-timings' });
    }
  }
  // Photos in the story's order, as uploaded (the original, not the display copy), with caption and alt text.
  const photos = photosFromItems(items);
  for (const [i, photo] of photos.entries()) {
    const ext = PHOTO_EXT[photo.originalType] ?? extOf(photo.originalKey, 'jpg');
    media.push({
      key: photo.originalKey,
      name: `photos/${String(i + 1).padStart(2, '0')}.${ext}`,
      role: 'photo',
      caption: photo.caption || undefined,
      alt: photo.alt || undefined,
    });
  }
  const transcript = transcriptOf(items);
  if (transcript?.timingsKey)
    media.push({ key: transcript.timingsKey, name: 'transcript-timings.json', role: 'transcript' });
  return media;
}

const PHOTO_EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The story's transcript record, when it has text (an audio story's; typed, machine-made or edited). */
function transcriptOf(items: Record<string, unknown>[]) {
  const item = items.find(isTranscriptItem);
  const record = item ? toTranscriptRecord(item) : undefined;
  return record?.text ? record : undefined;
}

/**
 * Reads everything of the owner the zip holds: the user record, and each story with its comments (all
 * of them), shares and media, in date order. Records only: the media bytes are streamed later.
 */
export async function collectExport(ownerId: string): Promise<ExportModel> {
  const user = await getUser(ownerId);
  if (!user) throw new Error('owner not found');
  const [stories, answered] = await Promise.all([
    getStories(await listStoryIdsByAuthor(ownerId)).then((all) => all.filter((s) => s.authorId === ownerId)),
    familyQuestionsAnsweredBy(ownerId),
  ]);
  stories.sort(byStoryDate);
  const out: ExportStory[] = [];
  for (const story of stories) {
    const [{ items }, comments] = await Promise.all([getStoryView(story.id), allComments(story.id)]);
    const transcript = transcriptOf(items);
    out.push({
      story,
      comments,
      shares: items.filter(isShareItem).map(toShareRecord),
      // Only the owner's own objects, whatever a record says (old data held full URLs).
      media: storyMedia(story, items).filter((m) => m.key.startsWith(`users/${ownerId}/`)),
      transcript: transcript
        ? { text: transcript.text ?? '', machineMade: transcript.source === 'machine' }
        : undefined,
      answers: answered.get(story.id),
    });
  }
  return { user, stories: out };
}
