import { adminPrivacySchema, storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { setPrivacyAsAdmin } from '../../domain/stories/admin.ts';
import { route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'admin', params: storyParamsSchema, body: adminPrivacySchema },
  async ({ params, body }) => ({ ...(await setPrivacyAsAdmin(params.id, body.is_public)) }),
);
