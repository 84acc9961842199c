import { success } from '@storyloom/shared/messages';
import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { deleteStory } from '../../domain/stories/stories.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) => {
  await deleteStory(params.id, user.id);
  return ok({ message: success.storyDeleted });
});
