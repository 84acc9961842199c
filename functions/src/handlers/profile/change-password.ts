import { success } from '@storyloom/shared/messages';
import { changePasswordSchema } from '@storyloom/shared/schemas/auth';
import { changePassword } from '../../domain/accounts/profile.ts';
import { ok, route } from '../../lib/http.ts';

/** PUT /api/profile: the spec's profile update is the password change. */
export const handler = route({ auth: 'user', body: changePasswordSchema }, async ({ body, user }) => {
  await changePassword(user.id, body.current_password, body.new_password);
  return ok({ message: success.profileUpdated });
});
