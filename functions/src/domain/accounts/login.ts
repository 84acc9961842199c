import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { accountText } from '@storyloom/shared/messages';
import type { LoginInput, LoginResponse } from '@storyloom/shared/schemas/auth';
import { idTokenClaims, refreshSession, signIn } from '../../adapters/user-pool.ts';
import { signOutEverywhere } from '../../adapters/user-pool-admin.ts';
import { endSessionsBefore, findUserId, getUser, getUserAuthState } from '../../data/users.ts';
import { signedInAt } from '../../lib/auth.ts';
import { AppError, Unauthorized } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { beginLoginAttempt } from './limits.ts';

/** Asked of Cognito when the name matches no account, so both cases take one Cognito round trip. */
const NOBODY = `nobody-${randomUUID()}`;

/**
 * POST /login with a username or an email (usernames cannot contain '@'). Wrong password and
 * unknown account get the same 401; only after the right password does an unverified email show
 * (403 with `email_not_verified`). Each attempt holds a failed-login slot while the password is
 * checked (limits.ts); a right password gives it back.
 */
export async function login(input: LoginInput, sourceIp: string): Promise<LoginResponse> {
  const kind = input.username.includes('@') ? 'email' : 'username';
  // The name is resolved first: failures count against the account, however it is named (limits.ts).
  const userId = await findUserId(kind, input.username);
  const attempt = await beginLoginAttempt(`${kind}:${input.username}`, userId, sourceIp);
  const user = userId ? await getUser(userId) : undefined;
  if (user?.sessionsValidFrom) await waitUntilSecond(user.sessionsValidFrom);

  const session = await signIn(user?.id ?? NOBODY, input.password).catch(async (error: unknown) => {
    await attempt.release(); // Cognito failed: nothing was evaluated.
    throw error;
  });
  if (!session || !user) {
    logger.info('login failed', { userId });
    throw new Unauthorized(accountText.invalidCredentials);
  }
  await attempt.release();
  if (!user.emailVerified) {
    throw new AppError(403, accountText.emailNotVerified, { email_not_verified: true });
  }
  logger.info('login', { userId: user.id });
  return { token: session.idToken, refresh_token: session.refreshToken, expires_in: session.expiresIn };
}

/**
 * POST /refresh-token: a new ID token while the refresh token (30 days in AWS) is valid and its session
 * was not ended (logout, password reset or change revoke refresh tokens; the sign-in time is checked too).
 */
export async function refresh(refreshToken: string): Promise<Omit<LoginResponse, 'refresh_token'>> {
  const session = await refreshSession(refreshToken);
  if (!session) throw new Unauthorized(accountText.sessionExpired);
  const claims = idTokenClaims(session.idToken);
  const state = await getUserAuthState(String(claims['cognito:username'] ?? ''));
  if (!state || (state.sessionsValidFrom !== undefined && signedInAt(claims) < state.sessionsValidFrom)) {
    throw new Unauthorized(accountText.sessionExpired);
  }
  return { token: session.idToken, expires_in: session.expiresIn };
}

/**
 * Ends every session of the user: ID tokens signed in before now are refused (lib/auth.ts) and the
 * refresh tokens are revoked. POST /logout, a password reset and a password change call it.
 */
export async function endAllSessions(userId: string): Promise<number> {
  const validFrom = await endSessionsBefore(userId);
  await signOutEverywhere(userId);
  logger.info('sessions ended', { userId });
  return validFrom;
}

/**
 * Token times have second precision: a sign-in right after sessions ended waits for the next whole
 * second (at most one), so its token is not refused with the old ones.
 */
export async function waitUntilSecond(epochSeconds: number): Promise<void> {
  const wait = epochSeconds * 1000 - Date.now();
  if (wait > 0) await sleep(Math.min(wait, 1100));
}
