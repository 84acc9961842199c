import { secureUrlsSchema } from '@storyloom/shared/media';
import { secureUrls } from '../../domain/media/secure-url.ts';
import { ok, route } from '../../lib/http.ts';
import { optionalUser } from '../../lib/optional-user.ts';

/**
 * POST /api/storage/secure-urls: the secure URLs of many media paths in one call (a page of avatars and
 * players). Public like the single route, so the handler verifies a bearer token itself when one is sent.
 */
export const handler = route({ auth: 'public', body: secureUrlsSchema }, async ({ body, event }) => {
  const user = await optionalUser(event);
  return ok(await secureUrls(body.paths, user?.id ?? null, body.share_token ?? null));
});
