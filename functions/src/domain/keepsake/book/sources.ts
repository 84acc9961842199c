import type { StoryRecord } from '../../../data/stories.ts';
import { listStoryPhotos } from '../../../data/story-photos.ts';
import { getTranscriptRecord } from '../../../data/transcripts.ts';
import { readMediaBytes } from '../../../data/voice.ts';
import { logger } from '../../../lib/logger.ts';
import type { BookPhoto } from './photos.ts';
import { printImage } from './print-image.ts';

/**
 * What the book prints of a story beyond its own fields: the text — a recorded story's transcript
 * when it has one (typed or machine-made), else its description — and its photos, in the story's
 * order, each read from its original only when the writer places it.
 */
export async function storyText(story: StoryRecord): Promise<string> {
  if (story.storyType !== 'audio') return story.content;
  const transcript = (await getTranscriptRecord(story.id))?.text?.trim();
  return transcript || story.content;
}

export async function storyPhotos(story: StoryRecord): Promise<BookPhoto[]> {
  const photos = await listStoryPhotos(story.id);
  // Only photos whose original the worker has measured (a photo still being processed has no size yet),
  // and only the story owner's own files.
  return photos
    .filter((photo) => photo.width > 0 && photo.height > 0 && photo.originalKey.startsWith(`users/${story.authorId}/`))
    .map((photo) => ({
      width: photo.width,
      height: photo.height,
      caption: photo.caption,
      async load(maxWidth: number, maxHeight: number) {
        // A photo removed while the book is made, or one sharp cannot decode, is left out rather than
        // failing the whole book (a retry would fail the same way).
        const original = await readMediaBytes(photo.originalKey);
        if (!original) return undefined;
        return printImage(original, maxWidth, maxHeight).catch((error: unknown) => {
          logger.warn('book photo left out: not decodable', { photoId: photo.id, reason: (error as Error).message });
          return undefined;
        });
      },
    }));
}
