import { refreshSchema } from '@storyloom/shared/schemas/auth';
import { refresh } from '../../domain/accounts/login.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', body: refreshSchema }, async ({ body }) =>
  ok(await refresh(body.refresh_token)),
);
