import { accountText } from '@storyloom/shared/messages';
import { registerSchema } from '@storyloom/shared/schemas/auth';
import { register } from '../../domain/accounts/registration.ts';
import { created, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', body: registerSchema }, async ({ body, sourceIp }) => {
  await register(body, sourceIp);
  return created({ message: accountText.registered });
});
