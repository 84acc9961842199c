import { promptText } from '@storyloom/shared/messages';
import { answerPromptSchema, promptParamsSchema } from '@storyloom/shared/schemas/prompts';
import { toPromptDto } from '../../domain/prompts/browse.ts';
import { markPromptAnswered } from '../../domain/prompts/next.ts';
import { ok, route } from '../../lib/http.ts';

export const handler = route(
  { auth: 'user', params: promptParamsSchema, body: answerPromptSchema },
  async ({ user, params, body }) => {
    const prompt = await markPromptAnswered(user.id, params.id, body.story_id);
    return ok({ message: promptText.marked, prompt: toPromptDto(prompt) });
  },
);
