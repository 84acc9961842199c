import { listMyStories } from '../../domain/stories/stories.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user' }, async ({ user }) => ok(await listMyStories(user.id)));
