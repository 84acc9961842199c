import { accountText } from '@storyloom/shared/messages';
import { resetPasswordSchema } from '@storyloom/shared/schemas/auth';
import { callAccountKeeper } from '../../adapters/account-keeper.ts';
import { ok, route } from '../../lib/http.ts';

/** The link is checked and the password set by the private account keeper: this route holds no Cognito grant. */
export const handler = route({ auth: 'public', body: resetPasswordSchema }, async ({ body, sourceIp }) => {
  await callAccountKeeper({ action: 'reset-password', token: body.token, newPassword: body.new_password, sourceIp });
  return ok({ message: accountText.passwordReset });
});
