import * as z from 'zod/mini';
import { removeNarration } from '../../domain/voice/narration.ts';
import { ok, route } from '../../lib/http.ts';

const params = z.object({ id: z.string().check(z.maxLength(100)) });

/** PUT /api/stories/{id}/remove-narration: the owner removes the narration (record, audio, timings). */
export const handler = route({ auth: 'user', params }, async ({ user, params }) =>
  ok(await removeNarration(params.id, user.id)),
);
