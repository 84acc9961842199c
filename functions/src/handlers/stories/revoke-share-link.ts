import { success } from '@storyloom/shared/messages';
import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { revokeShareLink } from '../../domain/stories/sharing.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) => {
  await revokeShareLink(params.id, user.id);
  return ok({ message: success.linkRevoked });
});
