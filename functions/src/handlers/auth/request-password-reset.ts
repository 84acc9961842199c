import { success } from '@storyloom/shared/messages';
import { emailOnlySchema } from '@storyloom/shared/schemas/auth';
import { requestPasswordReset } from '../../domain/accounts/password-reset.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', body: emailOnlySchema }, async ({ body, sourceIp }) => {
  await requestPasswordReset(body.email, sourceIp);
  return ok({ message: success.resetSent });
});
