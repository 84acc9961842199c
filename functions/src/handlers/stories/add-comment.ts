import { commentSchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { addComment } from '../../domain/stories/comments.ts';
import { route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: commentSchema },
  async ({ user, params, body }) => ({ status: 201, body: await addComment(params.id, user.id, body.text) }),
);
