import { narrateSchema } from '@storyloom/shared/voice';
import * as z from 'zod/mini';
import { requestNarration } from '../../domain/voice/narration.ts';
import { ok, route, withStatus } from '../../lib/http.ts';

const params = z.object({ storyId: z.string().check(z.maxLength(100)) });

/** POST /api/voice/narrate/{storyId} {voice_id}: 202 when queued, 200 when the same narration already exists. */
export const handler = route({ auth: 'user', body: narrateSchema, params }, async ({ user, body, params }) => {
  const { created, narration } = await requestNarration(params.storyId, user.id, body);
  return created ? withStatus(202, narration) : ok(narration);
});
