import { storyScreenText } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQueryClient } from '#web/lib/queries.ts';
import { storyKeys } from './get-story.ts';

/** The failure text of "Remove from my list" (the success text is the server's `message`). */
export const LEAVE_SHARE_FAILED = storyScreenText.leaveShareFailed;

/** DELETE /api/shared-with-me/{storyId}: "Remove from my list" of a story someone shared with the user. */
export function leaveSharedStory(storyId: string): Promise<{ message?: string } | undefined> {
  return api.delete(`/api/shared-with-me/${encodeURIComponent(storyId)}`, { fallback: LEAVE_SHARE_FAILED });
}

export function useLeaveSharedStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: leaveSharedStory,
    onSuccess: (_answer, storyId) => {
      client.removeQueries({ queryKey: storyKeys.detail(storyId) });
      return client.invalidateQueries({ queryKey: storyKeys.mine() });
    },
  });
}
