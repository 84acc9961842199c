import { getProfile } from '../../domain/accounts/profile.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user' }, async ({ user }) => ok(await getProfile(user.id)));
