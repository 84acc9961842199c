import { browsePrompts } from '../../domain/prompts/browse.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user' }, async ({ user }) => ok(await browsePrompts(user.id)));
