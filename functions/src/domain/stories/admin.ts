import { type AdminStoriesResponse, type StoryDto, storyMessages } from '@storyloom/shared/schemas/stories';
import { decodeCursor, encodeCursor } from '../../data/cursor.ts';
import { keys } from '../../data/keys.ts';
import { listAllStories, setStoryVisibility } from '../../data/stories.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { storyNotFound } from './access.ts';
import { deleteStoryCompletely } from './deletion.ts';
import { toStoryDto } from './dto.ts';

const adminView = { seesLinkToken: true, permissions: { manage: false, comment: false }, adminList: true } as const;

/** GET /api/admin/stories?limit&cursor: every story, newest first, with `User { Username }`. */
export async function listStoriesForAdmin(limit: number, cursor: string | undefined): Promise<AdminStoriesResponse> {
  const page = await listAllStories(limit, cursor ? decodeStoriesCursor(cursor) : undefined);
  return {
    stories: page.stories.map((s) => toStoryDto(s, { ...adminView, list: true })),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
}

/** PUT /api/admin/stories/{id}/privacy {is_public}. */
export async function setPrivacyAsAdmin(storyId: string, isPublic: boolean): Promise<StoryDto> {
  const updated = await setStoryVisibility(storyId, { isPublic });
  if (!updated) throw storyNotFound();
  return toStoryDto(updated, adminView);
}

/** DELETE /api/admin/stories/{id}: the story and everything of it. */
export async function deleteStoryAsAdmin(storyId: string): Promise<void> {
  if (!(await deleteStoryCompletely(storyId))) throw storyNotFound();
}

/** A cursor of the admin story list (gsi3 'STORIES' partition), or 400. */
function decodeStoriesCursor(cursor: string): Record<string, string> {
  const key = decodeCursor(cursor, { index: 'gsi3', partition: keys.allStoriesPartition() });
  if (!key) throw new ValidationFailed(storyMessages.cursor);
  return key;
}
