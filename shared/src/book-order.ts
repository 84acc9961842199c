/**
 * The book’s story order (issue #21; the SPA lists the choices in it too): by date, the story's start date when it has one, else the day it
 * was written. Ties keep a stable order (written first, then id) so two builds of one choice match.
 */
export interface DatedStory {
  id: string;
  createdAt: string;
  startDate?: string;
}

/** The instant a story is filed under: its start date (a calendar day, UTC midnight) or its creation time. */
export function bookDateKey(story: DatedStory): string {
  if (story.startDate && /^\d{4}-\d{2}-\d{2}$/.test(story.startDate)) return `${story.startDate}T00:00:00.000Z`;
  return story.createdAt;
}

/** A new array in book order; the input is left as it was. */
export function inBookOrder<T extends DatedStory>(stories: readonly T[]): T[] {
  return [...stories].sort(
    (a, b) =>
      bookDateKey(a).localeCompare(bookDateKey(b)) ||
      a.createdAt.localeCompare(b.createdAt) ||
      a.id.localeCompare(b.id),
  );
}
