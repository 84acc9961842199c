import { accountText, serverText } from '@storyloom/shared/messages';
import type { ProfileResponse } from '@storyloom/shared/schemas/auth';
import { PasswordRejected, setPoolPassword, signIn } from '../../adapters/user-pool.ts';
import { getUser } from '../../data/users.ts';
import { Unauthorized, ValidationFailed } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { assertUnder, recordFailure } from './limits.ts';

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
 * passwords count as failed logins of the account, so a stolen session cannot guess the password.
 */
export async function changePassword(userId: string, currentPassword: string, newPassword: string): Promise<void> {
  await assertUnder('loginAccount', userId);
  if (!(await signIn(userId, currentPassword))) {
    await recordFailure('loginAccount', userId);
    throw new ValidationFailed(accountText.currentPasswordWrong);
  }
  try {
    await setPoolPassword(userId, newPassword);
  } catch (error) {
    if (error instanceof PasswordRejected) throw new ValidationFailed(error.message);
    throw error;
  }
  logger.info('password changed', { userId });
}
