import { accountText } from '@storyloom/shared/messages';
import { emailOnlySchema } from '@storyloom/shared/schemas/auth';
import { requestVerificationMail } from '../../domain/accounts/registration.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', body: emailOnlySchema }, async ({ body, sourceIp }) => {
  await requestVerificationMail(body.email, sourceIp);
  return ok({ message: accountText.verificationSent });
});
