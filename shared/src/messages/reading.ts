/**
 * What a reader of a story sees: loading it, its comments, photos and recording, and the secure-URL
 * batch's one text. The listening pages (a shared story, a story shared by name) take these without the
 * story, photo, transcript and media areas' other texts, since a page loads a messages file whole
 * (docs/web.md, "First load"). `storyFallback`, `storyMessages`, `photoText`, `transcriptText` and
 * `mediaText` include them.
 */

/** Loading a story, and the server's answer to a deleted comment. */
export const storyReadingText = {
  loadStory: 'Failed to load the story. Please try again later.',
  sharedNotFound: 'Story not found or the link has expired.',
  commentDeleted: 'Comment deleted',
} as const;

/**
 * Failure texts for comments. The spec carries comments but shows no screen for them, so these are
 * ours (docs/web.md, "Stories screens"); the success texts are the server's `message`.
 */
export const commentText = {
  addFailed: 'Failed to add comment',
  deleteFailed: 'Failed to delete comment',
  loadFailed: 'Failed to load older comments',
  empty: 'No comments yet.',
  readOnly: 'You can read this story. Its owner has not invited you to comment.',
  turnedOff: 'Comments are turned off for this story.',
  /**
   * A share link (or a signed-in reader it is not shared with) on a private story: only by-name shares may
   * comment, so "Sign in to comment" alone promised something signing in does not give.
   */
  byNameOnly: (author: string) => `Only people ${author} shared this story with by name can comment.`,
  signIn: 'Sign in to comment',
  addLink: 'Add a comment',
  /** Deleting a comment: its button, then the question (the author's name is shown in bold: pass it with a `key`). */
  delete: {
    open: 'Delete',
    openLabel: (username: string) => `Delete comment by ${username}`,
    busy: 'Deleting…',
    title: 'Delete Comment?',
    confirm: 'Delete Comment',
    keep: 'Keep Comment',
    body: <U>(username: U) => ['The comment by ', username, ' will be removed for everyone.'] as const,
  },
} as const;

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
