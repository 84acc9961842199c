import { accountText, serverText } from '@storyloom/shared/messages';
import type { LoginResponse, ProfileResponse } from '@storyloom/shared/schemas/auth';
import { PasswordRejected, signIn } from '../../adapters/user-pool.ts';
import { setPoolPassword } from '../../adapters/user-pool-admin.ts';
import { getUser } from '../../data/users.ts';
import { Unauthorized, ValidationFailed } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { beginCurrentPasswordAttempt } from './limits.ts';
import { endAllSessions, waitUntilSecond } from './login.ts';

/** GET /api/profile. A token whose user is gone (deleted) is a 401: the app then logs out. */
export async function getProfile(userId: string): Promise<ProfileResponse> {
  const user = await getUser(userId);
  if (!user) throw new Unauthorized(serverText.unauthorized);
  return {
    Username: user.username,
    Email: user.email,
    email_verified: user.emailVerified,
    profile_image_url: user.profileImageUrl ?? null,
    role: user.role,
    ID: user.id,
    CreatedAt: user.createdAt,
  };
}

/**
 * PUT /api/profile: checks the current password with Cognito, then sets the new one. Wrong current
 * passwords are limited per account (a slot is held while the password is checked), so a stolen
 * session cannot guess the password. Every other session ends; the caller's tab carries on with the
 * fresh tokens returned here (docs/accounts.md).
 */
export async function changePassword(
  userId: string,
  currentPassword: string,
  newPassword: string,
): Promise<LoginResponse> {
  const attempt = await beginCurrentPasswordAttempt(userId);
  const checked = await signIn(userId, currentPassword).catch(async (error: unknown) => {
    await attempt.release();
    throw error;
  });
  if (!checked) throw new ValidationFailed(accountText.currentPasswordWrong);
  await attempt.release();
  try {
    await setPoolPassword(userId, newPassword);
  } catch (error) {
    if (error instanceof PasswordRejected) throw new ValidationFailed(error.message);
    throw error;
  }
  const validFrom = await endAllSessions(userId);
  await waitUntilSecond(validFrom);
  const session = await signIn(userId, newPassword);
  if (!session) throw new Error('Cognito refused the password it just accepted');
  logger.info('password changed', { userId });
  return { token: session.idToken, refresh_token: session.refreshToken, expires_in: session.expiresIn };
}
