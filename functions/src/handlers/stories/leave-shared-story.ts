import { sharedWithMeParamsSchema, storyMessages } from '@storyloom/shared/schemas/stories';
import { leaveSharedStory } from '../../domain/stories/sharing.ts';
import { ok, route } from '../../lib/http.ts';

/** DELETE /api/shared-with-me/{storyId}: "Remove from my list" of a story shared with the caller. */
export const handler = route({ auth: 'user', params: sharedWithMeParamsSchema }, async ({ user, params }) => {
  await leaveSharedStory(params.storyId, user.id);
  return ok({ message: storyMessages.leftShare });
});
