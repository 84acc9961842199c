import { authorParamsSchema } from '@storyloom/shared/schemas/stories';
import { getAuthorPage } from '../../domain/stories/discovery.ts';
import { route } from '../../lib/http.ts';

export const handler = route({ auth: 'public', params: authorParamsSchema }, async ({ params }) => ({
  ...(await getAuthorPage(params.id)),
}));
