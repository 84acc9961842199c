import { randomUUID } from 'node:crypto';
import { accountText } from '@storyloom/shared/messages';
import type { LoginInput, LoginResponse } from '@storyloom/shared/schemas/auth';
import { refreshSession, signIn } from '../../adapters/user-pool.ts';
import { findUserId, getUser } from '../../data/users.ts';
import { AppError, Unauthorized } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { assertUnder, recordFailure } from './limits.ts';

/** Asked of Cognito when the name matches no account, so both cases take one Cognito round trip. */
const NOBODY = `nobody-${randomUUID()}`;

/**
 * POST /login with a username or an email (usernames cannot contain '@'). Wrong password and
 * unknown account get the same 401; only after the right password does an unverified email show
 * (403 with `email_not_verified`). Failures count against the account and the client (limits.ts).
 */
export async function login(input: LoginInput, sourceIp: string): Promise<LoginResponse> {
  const kind = input.username.includes('@') ? 'email' : 'username';
  const [, userId] = await Promise.all([assertUnder('loginClient', sourceIp), findUserId(kind, input.username)]);
  // Unknown names get a counter of their own, so a lock does not tell which names exist.
  const account = userId ?? `${kind}:${input.username}`;
  await assertUnder('loginAccount', account);

  const session = await signIn(userId ?? NOBODY, input.password);
  const user = session && userId ? await getUser(userId) : undefined;
  if (!session || !user) {
    await Promise.all([recordFailure('loginClient', sourceIp), recordFailure('loginAccount', account)]);
    logger.info('login failed', { userId });
    throw new Unauthorized(accountText.invalidCredentials);
  }
  if (!user.emailVerified) {
    throw new AppError(403, accountText.emailNotVerified, { email_not_verified: true });
  }
  logger.info('login', { userId: user.id });
  return { token: session.idToken, refresh_token: session.refreshToken, expires_in: session.expiresIn };
}

/** POST /refresh-token: a new ID token while the refresh token (30 days in AWS) is valid. */
export async function refresh(refreshToken: string): Promise<Omit<LoginResponse, 'refresh_token'>> {
  const session = await refreshSession(refreshToken);
  if (!session) throw new Unauthorized(accountText.sessionExpired);
  return { token: session.idToken, expires_in: session.expiresIn };
}
