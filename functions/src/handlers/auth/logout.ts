import { accountText } from '@storyloom/shared/messages';
import { endAllSessions } from '../../domain/accounts/login.ts';
import { ok, route } from '../../lib/http.ts';

/** POST /logout: ends every session of the caller (all devices); the SPA then forgets its tokens. */
export const handler = route({ auth: 'user' }, async ({ user }) => {
  await endAllSessions(user.id);
  return ok({ message: accountText.loggedOut });
});
