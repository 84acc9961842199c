import { mailTokenQuerySchema } from '@storyloom/shared/schemas/family-mail';
import { unsubscribe } from '../../domain/family-mail/unsubscribe.ts';
import { ok, route } from '../../lib/http.ts';

/**
 * POST /api/family-mail/unsubscribe?token=: RFC 8058 one-click unsubscribe, no login. The token is in
 * the query (the `List-Unsubscribe` URL); the body a mail provider sends (`List-Unsubscribe=One-Click`,
 * form-encoded) is not JSON and not needed, so it is not parsed.
 */
export const handler = route({ auth: 'public', query: mailTokenQuerySchema }, async ({ query }) =>
  ok(await unsubscribe(query.token)),
);
