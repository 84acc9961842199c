import { tokenQuerySchema } from '@storyloom/shared/schemas/auth';
import { validateResetToken } from '../../domain/accounts/password-reset.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', query: tokenQuerySchema }, async ({ query }) =>
  ok(await validateResetToken(query.token)),
);
