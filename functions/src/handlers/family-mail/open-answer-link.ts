import { mailTokenQuerySchema } from '@storyloom/shared/schemas/family-mail';
import { openAnswerLink } from '../../domain/family-mail/link-check.ts';
import { ok, route } from '../../lib/http.ts';
import { optionalUser } from '../../lib/optional-user.ts';

/**
 * POST /api/family-mail/answer-link {token}: the weekly email's button, checked. Public, so a bad link
 * gets its clear message before any login; a good one then needs its own user signed in.
 */
export const handler = route({ auth: 'public', body: mailTokenQuerySchema }, async ({ body, event }) =>
  ok(await openAnswerLink(body.token, await optionalUser(event))),
);
