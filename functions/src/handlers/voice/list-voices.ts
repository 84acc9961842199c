import { listAvailableVoices } from '../../domain/voice/voices.ts';
import { ok, route } from '../../lib/http.ts';

/** GET /api/voice/available: `{ voices }`, the user's own voice first. */
export const handler = route({ auth: 'user' }, async ({ user }) => ok({ voices: await listAvailableVoices(user.id) }));
