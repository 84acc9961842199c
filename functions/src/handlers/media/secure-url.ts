import * as z from 'zod/mini';
import { secureUrl } from '../../domain/media/secure-url.ts';
import { ok, route } from '../../lib/http.ts';
import { optionalUser } from '../../lib/optional-user.ts';

const params = z.object({ path: z.string() });
const query = z.object({ share_token: z.optional(z.string().check(z.maxLength(100))) });

/**
 * GET /api/storage/secure-url/{path}[?share_token=]: a public route (anonymous listeners on a share
 * link), so the handler verifies the bearer token itself when one is sent (lib/optional-user.ts).
 */
export const handler = route({ auth: 'public', params, query }, async ({ params, query, event }) => {
  const user = await optionalUser(event);
  return ok(await secureUrl(params.path, user?.id ?? null, query.share_token ?? null));
});
