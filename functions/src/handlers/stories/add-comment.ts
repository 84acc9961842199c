import { commentSchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { addComment } from '../../domain/stories/comments.ts';
import { created, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: commentSchema },
  async ({ user, params, body }) => created(await addComment(params.id, user.id, body.text)),
);
