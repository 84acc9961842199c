/**
 * What a reader of a story sees of its photos and recording, and the secure-URL batch's one text: the
 * listening pages (a shared story, a story shared by name) take these without the photo, transcript and
 * media areas' other texts, since a page loads a messages file whole (docs/web.md, "First load").
 * `photoText`, `transcriptText` and `mediaText` include them.
 */

/** A story's photos as its readers see them. */
export const photoViewText = {
  section: 'Photos',
  processing: 'Preparing photo…',
  failed: 'This photo could not be processed. Remove it and try another file.',
  unavailable: 'Photo not available.',
  defaultAlt: (n: number) => `Photo ${n}`,
  coverAlt: (title: string) => `First photo of ${title}`,
} as const;

/** The transcript under a recording. */
export const transcriptViewText = {
  heading: 'Transcript',
  machineMadeNote:
    'Made by speech recognition from the recording; it may have mistakes until the storyteller edits it.',
} as const;

/** A media path with no file. */
export const mediaNotFound = 'Not found';
