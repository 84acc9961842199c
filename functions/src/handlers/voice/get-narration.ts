import * as z from 'zod/mini';
import { getNarrationState } from '../../domain/voice/narration.ts';
import { ok, route } from '../../lib/http.ts';

const params = z.object({ storyId: z.string().check(z.maxLength(100)) });

/** GET /api/voice/narrate/{storyId}: the narration's status for its owner (polled while not final). */
export const handler = route({ auth: 'user', params }, async ({ user, params }) =>
  ok(await getNarrationState(params.storyId, user.id)),
);
