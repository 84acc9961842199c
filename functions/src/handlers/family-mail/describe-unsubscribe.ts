import { mailTokenQuerySchema } from '@storyloom/shared/schemas/family-mail';
import { describeUnsubscribe } from '../../domain/family-mail/link-check.ts';
import { ok, route } from '../../lib/http.ts';

/** POST /api/family-mail/unsubscribe-link {token}: which list the link would stop (changes nothing). */
export const handler = route({ auth: 'public', body: mailTokenQuerySchema }, async ({ body }) =>
  ok(await describeUnsubscribe(body.token)),
);
