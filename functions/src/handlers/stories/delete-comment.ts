import { commentParamsSchema, storyMessages } from '@storyloom/shared/schemas/stories';
import { removeComment } from '../../domain/stories/comments.ts';
import { route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: commentParamsSchema }, async ({ user, params }) => {
  await removeComment(params.id, params.commentId, user.id);
  return { message: storyMessages.commentDeleted };
});
