import { success } from '@storyloom/shared/messages';
import { confirmDeleteSchema } from '@storyloom/shared/schemas/auth';
import { confirmAccountDeletion } from '../../domain/accounts/deletion.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', body: confirmDeleteSchema }, async ({ body, user }) => {
  await confirmAccountDeletion(user.id, body.token);
  return ok({ message: success.accountDeleted });
});
