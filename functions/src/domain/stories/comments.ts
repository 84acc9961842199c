import { createHash } from 'node:crypto';
import { serverText } from '@storyloom/shared/messages';
import { type CommentResponse, storyMessages } from '@storyloom/shared/schemas/stories';
import { consumeRateLimit } from '../../data/rate-limit.ts';
import { getStory } from '../../data/stories.ts';
import { type CommentRecord, deleteComment, getComment, putComment } from '../../data/story-comments.ts';
import { Forbidden, NotFound } from '../../lib/errors.ts';
import { canComment, relationTo, storyNotFound } from './access.ts';
import { toCommentDto } from './dto.ts';
import { newCommentId } from './ids.ts';
import { usernameOf } from './stories.ts';

/** Comments per writer per ten minutes: plenty for a family conversation, not for a flood. */
const COMMENT_LIMIT = { scope: 'story-comment', limit: 30, windowSeconds: 10 * 60 } as const;

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
  await consumeRateLimit({ ...COMMENT_LIMIT, subject: createHash('sha256').update(userId).digest('hex') });

  const now = Date.now();
  const comment: CommentRecord = {
    id: newCommentId(now),
    storyId,
    authorId: userId,
    authorUsername: await usernameOf(userId),
    text,
    createdAt: new Date(now).toISOString(),
  };
  await putComment(comment);
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
    await deleteComment(storyId, commentId);
    return;
  }
  const relation = await relationTo(story, userId);
  if (relation.kind === 'none') throw storyNotFound();
  if (!comment) throw new NotFound(storyMessages.commentNotFound);
  throw new Forbidden(serverText.forbidden);
}
