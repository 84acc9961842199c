import { listenParamsSchema } from '@storyloom/shared/book';
import { listenToBookStory } from '../../domain/keepsake/book/link.ts';
import { ok, route } from '../../lib/http.ts';

/** A book's QR code, opened by anyone: one story's audio while the book's link is live. */
export const handler = route({ auth: 'public', params: listenParamsSchema }, async ({ params }) =>
  ok(await listenToBookStory(params.token, params.storyId), { 'cache-control': 'no-store' }),
);
