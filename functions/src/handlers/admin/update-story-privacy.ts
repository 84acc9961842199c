import { adminPrivacySchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { setPrivacyAsAdmin } from '../../domain/stories/admin.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'admin', params: storyParamsSchema, body: adminPrivacySchema },
  async ({ params, body }) => ok(await setPrivacyAsAdmin(params.id, body.is_public)),
);
