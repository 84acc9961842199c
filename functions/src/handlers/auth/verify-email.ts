import { accountText } from '@storyloom/shared/messages';
import { tokenQuerySchema } from '@storyloom/shared/schemas/auth';
import { verifyEmail } from '../../domain/accounts/registration.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', query: tokenQuerySchema }, async ({ query }) => {
  await verifyEmail(query.token);
  return ok({ message: accountText.emailVerified });
});
