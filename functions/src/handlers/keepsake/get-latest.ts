import type { KeepsakeLatestResponse } from '@storyloom/shared/keepsake';
import { latestBuildView } from '../../domain/keepsake/builds.ts';
import { ok, route } from '../../lib/http.ts';
import { kindParams } from './params.ts';

/** GET /api/keepsake/{kind}/latest: the caller's newest build of the kind (polled while it runs). */
export const handler = route({ auth: 'user', params: kindParams }, async ({ user, params }) => {
  const response: KeepsakeLatestResponse = { build: await latestBuildView(user.id, params.kind) };
  return ok(response);
});
