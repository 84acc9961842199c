import type { StoryRecord } from '../../../data/stories.ts';
import type { BookPhoto } from './photos.ts';

/**
 * What the book prints of a story beyond its own fields: the text (a recorded story's transcript
 * when it has one) and its photos. Kept apart so the transcript and photo features plug in here.
 */
export async function storyText(story: StoryRecord): Promise<string> {
  return story.content;
}

export async function storyPhotos(_story: StoryRecord): Promise<BookPhoto[]> {
  return [];
}
