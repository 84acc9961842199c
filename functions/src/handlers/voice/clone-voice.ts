import { cloneVoiceSchema } from '@storyloom/shared/voice';
import { requestClone } from '../../domain/voice/clone.ts';
import { route, withStatus } from '../../lib/http.ts';

/** POST /api/voice/clone {name, description, consent}: 202, the clone runs on the media-jobs queue. */
export const handler = route({ auth: 'user', body: cloneVoiceSchema }, async ({ user, body }) =>
  withStatus(202, await requestClone(user.id, body)),
);
