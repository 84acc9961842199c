/**
 * Where the shared view (a story opened by its link, or a public one) sends a reader who wants to comment. Its own
 * file: the story page loads the reading texts whole (reading.ts) and never shows these.
 */
export const sharedViewText = {
  /**
   * A share link (or a signed-in reader it is not shared with) on a private story: only by-name shares may
   * comment, so "Sign in to comment" alone promised something signing in does not give.
   */
  byNameOnly: (author: string) => `Only people ${author} shared this story with by name can comment.`,
  signIn: 'Sign in to comment',
  addLink: 'Add a comment',
} as const;
