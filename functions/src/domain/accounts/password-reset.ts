import { randomUUID } from 'node:crypto';
import { RESET_LINK_TTL_SECONDS } from '@storyloom/shared/constants';
import { accountText } from '@storyloom/shared/messages';
import { sendEmail } from '../../adapters/mailer.ts';
import { PasswordRejected } from '../../adapters/user-pool.ts';
import { setPoolEmailVerified, setPoolPassword } from '../../adapters/user-pool-admin.ts';
import { deleteEmailToken, findEmailToken, putEmailToken } from '../../data/account-tokens.ts';
import {
  claimResetToken,
  findUserId,
  getUser,
  markEmailVerified,
  markMailRequestDone,
  replaceResetToken,
  restoreResetToken,
  type UserRecord,
} from '../../data/users.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, ValidationFailed } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { passwordResetEmail } from './emails.ts';
import { clearLoginLocks, consumeMailQuota } from './limits.ts';
import { endAllSessions } from './login.ts';
import { newLinkToken, sameHash, sha256 } from './secrets.ts';

/** 400 `{ valid: false, error }`, the shape the reset screen reads. */
const invalidLink = () => new AppError(400, accountText.resetInvalid, { valid: false });

/**
 * POST /request-password-reset. The same answer and the same work whether or not the email has an
 * account (no enumeration, not even by timing): the worker looks the address up.
 */
export async function requestPasswordReset(email: string, sourceIp: string): Promise<void> {
  await consumeMailQuota('reset', email, sourceIp);
  await enqueueJob({ type: 'account.reset-password', email, requestId: randomUUID() });
}

/**
 * Worker step: mails a reset link to the account with this email. The new link becomes the user's
 * only working one (the record keeps its hash), and the previous link's item is deleted.
 */
export async function sendPasswordResetMail(job: { email: string; requestId: string }): Promise<void> {
  const userId = await findUserId('email', job.email);
  const user = userId ? await getUser(userId) : undefined;
  if (!user || user.resetRequestId === job.requestId) return;
  const token = newLinkToken();
  const tokenHash = sha256(token);
  await putEmailToken('RESET', tokenHash, user.id, Math.floor(Date.now() / 1000) + RESET_LINK_TTL_SECONDS);
  const previous = await replaceResetToken(user.id, tokenHash);
  if (previous && previous !== tokenHash) await deleteEmailToken('RESET', previous);
  await sendEmail(passwordResetEmail(user.email, user.username, token));
  await markMailRequestDone(user.id, 'resetRequestId', job.requestId);
  logger.info('password reset mail sent', { userId: user.id });
}

/** The user whose current, unexpired reset link this is. */
async function userOfResetToken(tokenHash: string): Promise<UserRecord> {
  const userId = await findEmailToken('RESET', tokenHash);
  const user = userId ? await getUser(userId) : undefined;
  if (!user?.resetTokenHash || !sameHash(user.resetTokenHash, tokenHash)) throw invalidLink();
  return user;
}

/** GET /validate-reset-token: the username for the reset screen's greeting. */
export async function validateResetToken(token: string): Promise<{ valid: true; username: string }> {
  const user = await userOfResetToken(sha256(token));
  return { valid: true, username: user.username };
}

/**
 * POST /reset-password, run by the private account keeper (handlers/auth/account-keeper.ts: the public
 * route holds no Cognito permission and only hands the link and password over). The link is used up first (a conditional update: one caller wins), then the
 * password is set; if Cognito refuses, the link is given back. A reset also proves the email is
 * theirs, lifts the account's failed-login locks, and ends every earlier session of the user.
 */
export async function resetPassword(token: string, newPassword: string, sourceIp?: string): Promise<void> {
  const tokenHash = sha256(token);
  const user = await userOfResetToken(tokenHash);
  if (!(await claimResetToken(user.id, tokenHash))) throw invalidLink();
  try {
    await setPoolPassword(user.id, newPassword);
  } catch (error) {
    await restoreResetToken(user.id, tokenHash);
    if (error instanceof PasswordRejected) throw new ValidationFailed(error.message);
    throw error;
  }
  await deleteEmailToken('RESET', tokenHash);
  if (!user.emailVerified) {
    await setPoolEmailVerified(user.id, user.email, true);
    await markEmailVerified(user.id);
  }
  await Promise.all([clearLoginLocks(user, sourceIp), endAllSessions(user.id)]);
  logger.info('password reset', { userId: user.id });
}
