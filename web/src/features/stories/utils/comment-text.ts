/**
 * Failure texts for comments. The spec carries comments but shows no screen for them, so these are
 * ours (docs/web.md, "Stories screens"); the success texts are the server's `message`.
 */
export const commentText = {
  addFailed: 'Failed to add comment',
  deleteFailed: 'Failed to delete comment',
  loadFailed: 'Failed to load older comments',
} as const;
