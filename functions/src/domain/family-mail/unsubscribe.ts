import { familyMailText as t } from '@storyloom/shared/messages/family-mail';
import { getFamilyMailSettings, putFamilyMailSettings } from '../../data/family-mail.ts';
import { getUser } from '../../data/users.ts';
import { checked } from './link-check.ts';

/**
 * POST /api/family-mail/unsubscribe (RFC 8058 one-click, no login): turns the link's list off.
 * Twice is fine: the second time says it was already done. A deleted account gets nothing anyway.
 */
export async function unsubscribe(token: string): Promise<{ message: string; already: boolean }> {
  const claims = await checked(token, ['unsubscribe-weekly', 'unsubscribe-digest']);
  const weekly = claims.purpose === 'unsubscribe-weekly';
  const already = { message: t.alreadyUnsubscribed, already: true };
  if (!(await getUser(claims.userId))) return already;
  const settings = await getFamilyMailSettings(claims.userId);
  if (weekly ? settings.weeklyDay === null : !settings.digest) return already;
  await putFamilyMailSettings(
    claims.userId,
    weekly ? { ...settings, weeklyDay: null } : { ...settings, digest: false },
  );
  return { message: weekly ? t.unsubscribedWeekly : t.unsubscribedDigest, already: false };
}
