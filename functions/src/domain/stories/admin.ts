import { type AdminStoriesResponse, type StoryDto, storyMessages } from '@storyloom/shared/schemas/stories';
import { keys } from '../../data/keys.ts';
import { ALL_STORIES_CURSOR_FIELDS, listAllStories, setStoryVisibility } from '../../data/stories.ts';
import { ValidationFailed } from '../../lib/errors.ts';
import { storyNotFound } from './access.ts';
import { deleteStoryCompletely } from './deletion.ts';
import { toStoryDto } from './dto.ts';

const adminView = { seesLinkToken: true, permissions: { manage: false, comment: false }, adminList: true } as const;

/** GET /api/admin/stories?limit&cursor: every story, newest first, with `User { Username }`. */
export async function listStoriesForAdmin(limit: number, cursor: string | undefined): Promise<AdminStoriesResponse> {
  const page = await listAllStories(limit, cursor ? decodeCursor(cursor) : undefined);
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

/** Cursors are the index position, base64url JSON; only the four key attributes, all strings, are accepted. */
export function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationFailed(storyMessages.cursor);
  }
  const fields: readonly string[] = ALL_STORIES_CURSOR_FIELDS;
  if (
    !parsed ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    Object.keys(parsed).length !== fields.length ||
    !fields.every((f) => typeof (parsed as Record<string, unknown>)[f] === 'string') ||
    (parsed as Record<string, string>).gsi3pk !== keys.allStoriesPartition()
  ) {
    throw new ValidationFailed(storyMessages.cursor);
  }
  return parsed as Record<string, string>;
}
