import { privacySchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { setPrivacy } from '../../domain/stories/sharing.ts';
import { route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: privacySchema },
  async ({ user, params, body }) => ({ ...(await setPrivacy(params.id, user.id, body)) }),
);
