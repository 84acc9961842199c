import { authorParamsSchema, authorQuerySchema } from '@storyloom/shared/schemas/stories';
import { getAuthorPage } from '../../domain/stories/discovery.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'public', params: authorParamsSchema, query: authorQuerySchema },
  async ({ params, query }) => ok(await getAuthorPage(params.id, query)),
);
