import { privacySchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { setPrivacy } from '../../domain/stories/sharing.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: privacySchema },
  async ({ user, params, body }) => ok(await setPrivacy(params.id, user.id, body)),
);
