import { loginSchema } from '@storyloom/shared/schemas/auth';
import { login } from '../../domain/accounts/login.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', body: loginSchema }, async ({ body, sourceIp }) =>
  ok(await login(body, sourceIp)),
);
