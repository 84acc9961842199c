import { DELETE_CODE_MAX_ATTEMPTS, DELETE_CODE_TTL_SECONDS } from '@storyloom/shared/constants';
import { accountText, serverText } from '@storyloom/shared/messages';
import { sendEmail } from '../../adapters/mailer.ts';
import { deletePoolUser } from '../../adapters/user-pool-admin.ts';
import {
  claimDeleteCode,
  listUserTokenKeys,
  putDeleteCode,
  spendDeleteCodeAttempt,
} from '../../data/account-tokens.ts';
import { deleteItems } from '../../data/items.ts';
import { keys } from '../../data/keys.ts';
import {
  addAdmin,
  deleteUserRecord,
  getUser,
  listAdminIds,
  listUserPartitionKeys,
  releaseGuard,
  reserveAdminLeave,
} from '../../data/users.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { Unauthorized, ValidationFailed } from '../../lib/errors.ts';
import { describeError, logger } from '../../lib/logger.ts';
import { purgeFeatureData } from '../user-data-purgers.ts';
import { deletionCodeEmail } from './emails.ts';
import { consume } from './limits.ts';
import { hashDeleteCode, newDeleteCode, sameHash } from './secrets.ts';

/** POST /api/profile/request-delete-account: emails a 6-digit code; a new request voids the old code. */
export async function requestAccountDeletion(userId: string): Promise<void> {
  const user = await getUser(userId);
  if (!user) throw new Unauthorized(serverText.unauthorized);
  // Said early for the screen's sake; the confirmation is where the rule holds under concurrency.
  if (user.role === 'admin' && (await listAdminIds(2)).length < 2)
    throw new ValidationFailed(accountText.lastAdminDelete);
  await consume('deleteCode', userId);
  const code = newDeleteCode();
  await putDeleteCode(userId, hashDeleteCode(userId, code), Math.floor(Date.now() / 1000) + DELETE_CODE_TTL_SECONDS);
  await sendEmail(deletionCodeEmail(user.email, user.username, code));
  logger.info('account deletion requested', { userId });
}

/**
 * POST /api/profile/confirm-delete-account. Each try spends one of the code's attempts before the
 * comparison; the right code is used up (one caller wins), then the account is purged. If the purge
 * fails midway, the worker finishes it: the user has confirmed, so the deletion goes through.
 */
export async function confirmAccountDeletion(userId: string, code: string): Promise<void> {
  const codeHash = await spendDeleteCodeAttempt(userId, DELETE_CODE_MAX_ATTEMPTS);
  if (!codeHash || !sameHash(codeHash, hashDeleteCode(userId, code))) {
    throw new ValidationFailed(accountText.deleteCodeInvalid);
  }
  // An admin leaves only while another admin remains (the admin counter, data/users.ts).
  const isAdmin = (await getUser(userId))?.role === 'admin';
  if (isAdmin && !(await reserveAdminLeave())) throw new ValidationFailed(accountText.lastAdminDelete);
  if (!(await claimDeleteCode(userId, codeHash))) {
    if (isAdmin) await addAdmin();
    throw new ValidationFailed(accountText.deleteCodeInvalid);
  }
  try {
    await purgeAccount(userId);
  } catch (error) {
    logger.error('account purge failed, queued to finish', { userId, ...describeError(error) });
    await enqueueJob({ type: 'account.purge', userId });
  }
}

/**
 * Removes everything of a user, in an order that can be run again from the start after a failure at
 * any step: feature data and media (user-data-purgers.ts), the Cognito user, token items, the
 * username and email guards, the user's partition, and the user record last (it names the guards).
 */
export async function purgeAccount(userId: string): Promise<void> {
  const user = await getUser(userId);
  await purgeFeatureData(userId);
  await deletePoolUser(userId);
  const tokenKeys = await listUserTokenKeys(userId);
  // The token index is eventually consistent: name the current reset link's item explicitly too.
  const current = user?.resetTokenHash ? keys.emailToken('RESET', user.resetTokenHash) : undefined;
  if (current && !tokenKeys.some((k) => k.pk === current.pk && k.sk === current.sk)) tokenKeys.push(current);
  await deleteItems(tokenKeys);
  if (user) {
    await releaseGuard('username', user.username, userId);
    await releaseGuard('email', user.email, userId);
  }
  const profile = keys.user(userId);
  await deleteItems((await listUserPartitionKeys(userId)).filter((k) => k.sk !== profile.sk));
  await deleteUserRecord(userId);
  logger.info('account deleted', { userId });
}
