import {
  isFullUrl,
  mediaText,
  SECURE_URL_TTL_SECONDS,
  type SecureUrlResponse,
  type SecureUrlsResponse,
} from '@storyloom/shared/media';
import { STORY_ID_PATTERN } from '@storyloom/shared/schemas/stories';
import { headMedia, presignDownload } from '../../data/media.ts';
import { getStory } from '../../data/stories.ts';
import { getShare } from '../../data/story-shares.ts';
import { getUser } from '../../data/users.ts';
import { NotFound } from '../../lib/errors.ts';
import { isAdmin } from '../stories/access.ts';

/** Everything a key may be made of: no `..`, no empty segment, no encoded or odd characters. */
const KEY_PATTERN =
  /^users\/([A-Za-z0-9_-]{1,128})\/([a-z]+)\/((?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9._-]{0,199})$/;

const notFound = () => new NotFound(mediaText.mediaNotFound);

/** `<storyId>/photos/<photoId>/original.<ext>` below `users/<owner>/stories/`. */
const PHOTO_ORIGINAL = /^[^/]+\/photos\/[^/]+\/original\./;

/**
 * The object key a secure-url path names: the leading slash stripped (spec section 7), and nothing
 * that could climb out of the layout (`..` segments, full URLs, encoded characters). Undefined for
 * anything else.
 */
export function normaliseMediaPath(raw: string): string | undefined {
  const path = raw.replace(/^\/+/, '');
  if (isFullUrl(path) || /(^|\/)\.\.?(\/|$)/.test(path) || /[%\\]/.test(path)) return undefined;
  return KEY_PATTERN.test(path) ? path : undefined;
}

/**
 * May `callerId` (null: anonymous) read `key`, holding `shareToken` (null: none)? By the layout
 * (docs/media.md): the owner reads all of their prefix; avatars are public (author pages show them);
 * story media follows the story (public, a live share link's token, a share, an admin); the voice
 * sample, a photo's original and pending uploads only the owner.
 */
export async function mayRead(key: string, callerId: string | null, shareToken: string | null): Promise<boolean> {
  const match = KEY_PATTERN.exec(key);
  if (!match) return false;
  const [, ownerId, area, rest = ''] = match;
  if (callerId !== null && callerId === ownerId) return true;
  if (area === 'avatar') return true;
  if (area !== 'stories') return false;
  const storyId = rest.split('/')[0] ?? '';
  if (!STORY_ID_PATTERN.test(storyId)) return false;
  // A photo's original is kept as uploaded (EXIF, GPS): its owner's only; readers get the variants.
  if (PHOTO_ORIGINAL.test(rest)) return false;
  const story = await getStory(storyId);
  // The key names its owner: media filed under someone else's prefix is not this story's.
  if (!story || story.authorId !== ownerId) return false;
  if (story.isPublic) return true;
  if (shareToken && story.shareToken && shareToken === story.shareToken) return true;
  if (callerId === null) return false;
  if (await getShare(storyId, callerId)) return true;
  return isAdmin(callerId);
}

/**
 * GET /api/storage/secure-url/{path}: a presigned GET of at most 15 minutes for a reader allowed to
 * read the object; 404 for everyone else, and for objects that do not exist.
 */
export async function secureUrl(
  rawPath: string,
  callerId: string | null,
  shareToken: string | null,
): Promise<SecureUrlResponse> {
  const path = normaliseMediaPath(rawPath);
  if (!path || !(await mayRead(path, callerId, shareToken))) throw notFound();
  const key = await resolveAlias(path);
  if (!key) throw notFound();
  if (!(await headMedia(key))) throw notFound();
  return { secure_url: await presignDownload(key, SECURE_URL_TTL_SECONDS), expires_in: SECURE_URL_TTL_SECONDS };
}

/** `users/<id>/avatar/current`: whatever picture the user has now (comments and cards know only the user id). */
export const CURRENT_AVATAR = 'current';

async function resolveAlias(path: string): Promise<string | undefined> {
  const match = /^users\/([^/]+)\/avatar\/current$/.exec(path);
  if (!match) return path;
  const key = (await getUser(match[1] ?? ''))?.profileImageUrl;
  return key?.startsWith(`users/${match[1]}/avatar/`) ? key : undefined;
}

/**
 * POST /api/storage/secure-urls: `secureUrl` for each distinct path, with the same check per path.
 * A path the single route would answer 404 for comes back `null`, whatever the reason (not allowed,
 * missing, malformed), so a batch tells no more about others' media than single calls would.
 */
export async function secureUrls(
  rawPaths: readonly string[],
  callerId: string | null,
  shareToken: string | null,
): Promise<SecureUrlsResponse> {
  const paths = [...new Set(rawPaths)];
  const answers = await Promise.all(
    paths.map((path) =>
      secureUrl(path, callerId, shareToken).catch((error: unknown) => {
        if (error instanceof NotFound) return null;
        throw error;
      }),
    ),
  );
  return { urls: Object.fromEntries(paths.map((path, i) => [path, answers[i] ?? null])) };
}
