import { bookParamsSchema } from '@storyloom/shared/book';
import { bookText } from '@storyloom/shared/messages/book';
import { revokeBookLinkOf } from '../../domain/keepsake/book/link.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: bookParamsSchema }, async ({ user, params }) => {
  await revokeBookLinkOf(user.id, params.id);
  return ok({ message: bookText.revoked });
});
