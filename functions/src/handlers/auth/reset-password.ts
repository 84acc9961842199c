import { accountText } from '@storyloom/shared/messages';
import { resetPasswordSchema } from '@storyloom/shared/schemas/auth';
import { resetPassword } from '../../domain/accounts/password-reset.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', body: resetPasswordSchema }, async ({ body, sourceIp }) => {
  await resetPassword(body.token, body.new_password, sourceIp);
  return ok({ message: accountText.passwordReset });
});
