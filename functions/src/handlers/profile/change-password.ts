import { success } from '@storyloom/shared/messages';
import { changePasswordSchema } from '@storyloom/shared/schemas/auth';
import { changePassword } from '../../domain/accounts/profile.ts';
import { ok, route } from '../../lib/http.ts';

/**
 * PUT /api/profile: the spec's profile update is the password change. Every other session ends; the
 * response carries fresh tokens for this one (`token`, `refresh_token`, `expires_in`).
 */
export const handler = route({ auth: 'user', body: changePasswordSchema }, async ({ body, user }) => {
  const session = await changePassword(user.id, body.current_password, body.new_password);
  return ok({ message: success.profileUpdated, ...session });
});
