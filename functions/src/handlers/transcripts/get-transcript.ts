import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { getTranscriptForUser } from '../../domain/transcripts/transcripts.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route({ auth: 'user', params: storyParamsSchema }, async ({ user, params }) =>
  ok(await getTranscriptForUser(params.id, user.id)),
);
