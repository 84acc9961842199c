import { createHash } from 'node:crypto';
import { success } from '@storyloom/shared/messages';
import {
  type PrivacyInput,
  type ShareInput,
  type ShareLinkResponse,
  type ShareResponse,
  type StoryDto,
  storyMessages,
} from '@storyloom/shared/schemas/stories';
import { reserveRateSlots } from '../../data/rate-limit.ts';
import { deleteShareLink, putShareLink } from '../../data/share-links.ts';
import { clearShareToken, getStory, setShareToken, setStoryVisibility } from '../../data/stories.ts';
import { deleteShare, findShareById, getShare, upsertShare } from '../../data/story-shares.ts';
import { findUserId, getUser } from '../../data/users.ts';
import { config } from '../../lib/config.ts';
import { NotFound, ValidationFailed } from '../../lib/errors.ts';
import { queueShareNews } from '../family-mail/share-news.ts';
import { loadOwnedStory, storyNotFound } from './access.ts';
import { newShareId, newShareToken, storyIdOfShare } from './ids.ts';
import { ownerStoryView } from './stories.ts';

/**
 * PUT /api/stories/{id}/privacy: the owner makes the story public or private (is_public decides;
 * is_private is its mirror) and may switch comments. Returns the owner's story view.
 */
export async function setPrivacy(storyId: string, userId: string, input: PrivacyInput): Promise<StoryDto> {
  await loadOwnedStory(storyId, userId);
  const updated = await setStoryVisibility(storyId, { isPublic: input.is_public, allowComments: input.allow_comments });
  if (!updated) throw storyNotFound();
  return ownerStoryView(storyId);
}

/**
 * POST /api/stories/{id}/share: shares with a user by username, or changes the permission of an
 * existing share. Yourself: 400; unknown username: 404.
 */
export async function shareStory(
  storyId: string,
  userId: string,
  input: ShareInput,
): Promise<{ created: boolean; body: ShareResponse }> {
  await loadOwnedStory(storyId, userId);
  const targetId = await findUserId('username', input.username);
  const target = targetId ? await getUser(targetId) : undefined;
  if (!target) throw new NotFound(storyMessages.userNotFound);
  if (target.id === userId) throw new ValidationFailed(storyMessages.shareSelf);
  // A changed permission is not a new share: only new ones count against the recipient's cap.
  const isNew = !(await getShare(storyId, target.id));
  await reserveRateSlots([
    { ...SHARE_LIMITS.perOwner, subject: hashed(userId) },
    ...(isNew ? [{ ...SHARE_LIMITS.perRecipient, subject: hashed(`${userId}>${target.id}`) }] : []),
  ]);
  const { share, created } = await upsertShare({
    storyId,
    userId: target.id,
    username: target.username,
    permission: input.permission,
    newShareId: newShareId(storyId),
    now: new Date().toISOString(),
  });
  // The story may have been deleted while we wrote: take the share back rather than leave it behind.
  if (!(await getStory(storyId))) {
    await deleteShare(share);
    throw storyNotFound();
  }
  // News for the family: an email if it answers their question, else their next digest (domain/family-mail).
  if (created) await queueShareNews(storyId, userId, target.id);
  return {
    created,
    body: {
      message: success.storyShared(target.username),
      share: { id: share.id, permission: share.permission, SharedWith: { username: share.username } },
    },
  };
}

/**
 * No flooding: one owner shares at most 60 times an hour (SHARE_OWNER_HOURLY_LIMIT), and at most 20 new
 * stories a day with any one person (SHARE_RECIPIENT_DAILY_LIMIT), so a stranger cannot fill someone's "Shared with you" list
 * (who can also leave a share).
 */
const SHARE_LIMITS = {
  perOwner: {
    scope: 'share-owner',
    limit: config.shareOwnerHourlyLimit,
    windowSeconds: 60 * 60,
    message: storyMessages.shareQuota,
  },
  perRecipient: {
    scope: 'share-recipient',
    limit: config.shareRecipientDailyLimit,
    windowSeconds: 24 * 60 * 60,
    message: storyMessages.recipientQuota,
  },
} as const;

/** Rate-limit subjects are hashed: the counters hold no user ids. */
const hashed = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * DELETE /api/shared-with-me/{storyId}: the recipient leaves a story shared with them ("Remove from my
 * list"); their access through the share ends at once. 404 when the story is not shared with them.
 */
export async function leaveSharedStory(storyId: string, userId: string): Promise<void> {
  const share = await getShare(storyId, userId);
  if (!share || !(await deleteShare(share))) throw new NotFound(storyMessages.sharedNotFound);
}

/** DELETE /api/shares/{shareId}: the story's owner removes a share; 404 for anyone else. */
export async function removeShare(shareId: string, userId: string): Promise<void> {
  const storyId = storyIdOfShare(shareId);
  const story = await getStory(storyId);
  if (!story || story.authorId !== userId) throw new NotFound(storyMessages.shareNotFound);
  const share = await findShareById(storyId, shareId);
  if (!share || !(await deleteShare(share))) throw new NotFound(storyMessages.shareNotFound);
}

const shareUrl = (token: string) => `${config.appUrl}/shared/${token}`;

/**
 * POST /api/stories/{id}/share-link: the story's link, made on first use (256 random bits). While a
 * link exists, asking again returns it rather than silently ending the copies already sent.
 */
export async function createShareLink(
  storyId: string,
  userId: string,
): Promise<{ created: boolean; body: ShareLinkResponse }> {
  const story = await loadOwnedStory(storyId, userId);
  const respond = (token: string, created: boolean) => ({
    created,
    body: { message: success.linkGenerated, share_url: shareUrl(token), share_token: token },
  });
  if (story.shareToken) return respond(story.shareToken, false);
  const token = newShareToken();
  await putShareLink(token, storyId, new Date().toISOString());
  if (await setShareToken(storyId, token)) return respond(token, true);
  // Another request made a link first, or the story was deleted: drop ours.
  await deleteShareLink(token);
  const current = await getStory(storyId);
  if (!current?.shareToken) throw storyNotFound();
  return respond(current.shareToken, false);
}

/** DELETE /api/stories/{id}/share-link: ends the link at once (the story forgets the token first). */
export async function revokeShareLink(storyId: string, userId: string): Promise<void> {
  await loadOwnedStory(storyId, userId);
  const token = await clearShareToken(storyId);
  if (token) await deleteShareLink(token);
}
