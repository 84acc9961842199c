import { success } from '@storyloom/shared/messages';
import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { deleteStoryAsAdmin } from '../../domain/stories/admin.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'admin', params: storyParamsSchema }, async ({ params }) => {
  await deleteStoryAsAdmin(params.id);
  return ok({ message: success.storyDeleted });
});
