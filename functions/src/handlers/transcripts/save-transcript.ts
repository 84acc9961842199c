import { storyParamsSchema } from '@storyloom/shared/schemas/stories';
import { updateTranscriptSchema } from '@storyloom/shared/transcripts';
import { saveTranscript } from '../../domain/transcripts/transcripts.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: storyParamsSchema, body: updateTranscriptSchema },
  async ({ user, params, body }) => ok(await saveTranscript(params.id, user.id, body)),
);
