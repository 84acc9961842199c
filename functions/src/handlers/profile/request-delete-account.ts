import { success } from '@storyloom/shared/messages';
import { requestAccountDeletion } from '../../domain/accounts/deletion.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user' }, async ({ user }) => {
  await requestAccountDeletion(user.id);
  return ok({ message: success.deletionCodeSent });
});
