import { downloadBuild } from '../../domain/keepsake/builds.ts';
import { ok, route } from '../../lib/http.ts';
import { buildParams } from './params.ts';

/** GET /api/keepsake/{kind}/builds/{id}/download: a secure URL of the caller's own done build (404 for others). */
export const handler = route({ auth: 'user', params: buildParams }, async ({ user, params }) =>
  ok(await downloadBuild(user.id, params.kind, params.id)),
);
