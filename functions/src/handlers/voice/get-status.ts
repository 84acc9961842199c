import { getVoiceStatus } from '../../domain/voice/status.ts';
import { ok, route } from '../../lib/http.ts';

/** GET /api/voice/status */
export const handler = route({ auth: 'user' }, async ({ user }) => ok(await getVoiceStatus(user.id)));
