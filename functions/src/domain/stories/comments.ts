import { createHash } from 'node:crypto';
import { serverText } from '@storyloom/shared/messages';
import { type CommentResponse, storyMessages } from '@storyloom/shared/schemas/stories';
import { reserveRateSlots } from '../../data/rate-limit.ts';
import { getStory, releaseCommentSlot, reserveCommentSlot } from '../../data/stories.ts';
import { type CommentRecord, deleteComment, getComment, putComment } from '../../data/story-comments.ts';
import { Forbidden, NotFound, TooManyRequests } from '../../lib/errors.ts';
import { canComment, relationTo, storyNotFound } from './access.ts';
import { toCommentDto } from './dto.ts';
import { newCommentId } from './ids.ts';
import { usernameOf } from './stories.ts';

/** Comments per writer per ten minutes: plenty for a family conversation, not for a flood. */
const COMMENT_LIMIT = { scope: 'story-comment', limit: 30, windowSeconds: 10 * 60 } as const;
/** Comments on one story per hour, from everyone together. */
const STORY_COMMENT_LIMIT = {
  scope: 'story-comments',
  limit: 100,
  windowSeconds: 60 * 60,
  message: storyMessages.commentQuota,
} as const;
/**
 * Comments one story holds at most: its view (story + every comment, one Query) then stays far under
 * Lambda's 6 MB (500 × 2,000 characters ≈ 1 MB besides the story's 100,000).
 */
export const MAX_COMMENTS_PER_STORY = 500;

/**
 * POST /api/stories/{id}/comments: readers allowed to comment (the owner, a `comment` share, any
 * signed-in user on a public story) while the story allows comments. Other readers get 403,
 * everyone else 404.
 */
export async function addComment(storyId: string, userId: string, text: string): Promise<CommentResponse> {
  const story = await getStory(storyId);
  if (!story) throw storyNotFound();
  const relation = await relationTo(story, userId);
  if (relation.kind === 'none') throw storyNotFound();
  if (!story.allowComments) throw new Forbidden(storyMessages.commentsOff);
  if (!canComment(story, relation)) throw new Forbidden(serverText.forbidden);
  // Subjects are hashed: rate counters hold no user ids, so an account deletion need not find them.
  await reserveRateSlots([
    { ...COMMENT_LIMIT, subject: createHash('sha256').update(userId).digest('hex') },
    { ...STORY_COMMENT_LIMIT, subject: createHash('sha256').update(storyId).digest('hex') },
  ]);
  if (!(await reserveCommentSlot(storyId, MAX_COMMENTS_PER_STORY))) {
    if (!(await getStory(storyId))) throw storyNotFound();
    throw new TooManyRequests(storyMessages.commentsFull, 24 * 60 * 60);
  }

  const now = Date.now();
  const comment: CommentRecord = {
    id: newCommentId(now),
    storyId,
    authorId: userId,
    authorUsername: await usernameOf(userId),
    text,
    createdAt: new Date(now).toISOString(),
  };
  try {
    await putComment(comment);
  } catch (error) {
    await releaseCommentSlot(storyId);
    throw error;
  }
  // The story may have been deleted while we wrote: take the comment back rather than leave it behind.
  if (!(await getStory(storyId))) {
    await deleteComment(storyId, comment.id);
    throw storyNotFound();
  }
  return { message: storyMessages.commentAdded, comment: toCommentDto(comment, true) };
}

/**
 * DELETE /api/stories/{id}/comments/{commentId}: the comment's writer or the story's owner. Another
 * reader gets 403; someone who cannot read the story gets 404.
 */
export async function removeComment(storyId: string, commentId: string, userId: string): Promise<void> {
  const [story, comment] = await Promise.all([getStory(storyId), getComment(storyId, commentId)]);
  if (!story) throw storyNotFound();
  if (comment && (comment.authorId === userId || story.authorId === userId)) {
    if (await deleteComment(storyId, commentId)) await releaseCommentSlot(storyId);
    return;
  }
  const relation = await relationTo(story, userId);
  if (relation.kind === 'none') throw storyNotFound();
  if (!comment) throw new NotFound(storyMessages.commentNotFound);
  throw new Forbidden(serverText.forbidden);
}
