import { success } from '@storyloom/shared/messages';
import { shareParamsSchema } from '@storyloom/shared/schemas/stories';
import { removeShare } from '../../domain/stories/sharing.ts';
import { route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: shareParamsSchema }, async ({ user, params }) => {
  await removeShare(params.shareId, user.id);
  return { message: success.shareRemoved };
});
