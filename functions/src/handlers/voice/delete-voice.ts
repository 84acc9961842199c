import { deleteVoice } from '../../domain/voice/deletion.ts';
import { ok, route } from '../../lib/http.ts';

/** DELETE /api/voice: the voice, its sample, its narrations and the provider's copy. */
export const handler = route({ auth: 'user' }, async ({ user }) => ok(await deleteVoice(user.id)));
