import { commentParamsSchema, storyMessages } from '@storyloom/shared/schemas/stories';
import { removeComment } from '../../domain/stories/comments.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: commentParamsSchema }, async ({ user, params }) => {
  await removeComment(params.id, params.commentId, user.id);
  return ok({ message: storyMessages.commentDeleted });
});
