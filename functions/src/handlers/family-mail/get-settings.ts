import { readSettings } from '../../domain/family-mail/settings.ts';
import { ok, route } from '../../lib/http.ts';

/** GET /api/profile/family-mail: the caller's weekly-question day and digest choice. */
export const handler = route({ auth: 'user' }, async ({ user }) => ok(await readSettings(user.id)));
