import { listMyStories } from '../../domain/stories/stories.ts';
import { route } from '../../lib/http.ts';

export const handler = route({ auth: 'user' }, async ({ user }) => ({ ...(await listMyStories(user.id)) }));
