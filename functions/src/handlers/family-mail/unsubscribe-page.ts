import { mailTokenQuerySchema } from '@storyloom/shared/schemas/family-mail';
import { unsubscribePageUrl } from '../../domain/family-mail/urls.ts';
import { route, withStatus } from '../../lib/http.ts';

/**
 * GET /api/family-mail/unsubscribe?token=: a person who opens the `List-Unsubscribe` address in a
 * browser. A GET never unsubscribes (RFC 8058: link scanners fetch URLs); it sends them to the app's
 * confirmation page, whose button POSTs.
 */
export const handler = route({ auth: 'public', query: mailTokenQuerySchema }, async ({ query }) =>
  withStatus(303, { location: unsubscribePageUrl(query.token) }, { location: unsubscribePageUrl(query.token) }),
);
