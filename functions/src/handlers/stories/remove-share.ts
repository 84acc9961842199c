import { success } from '@storyloom/shared/messages';
import { shareParamsSchema } from '@storyloom/shared/schemas/stories';
import { removeShare } from '../../domain/stories/sharing.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: shareParamsSchema }, async ({ user, params }) => {
  await removeShare(params.shareId, user.id);
  return ok({ message: success.shareRemoved });
});
