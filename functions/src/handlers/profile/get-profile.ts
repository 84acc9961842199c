import { getProfile } from '../../domain/accounts/profile.ts';
import { route } from '../../lib/http.ts';

export const handler = route({ auth: 'user' }, async ({ user }) => ({ ...(await getProfile(user.id)) }));
