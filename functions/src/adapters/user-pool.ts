import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminInitiateAuthCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@storyloom/shared/constants';
import { cognito } from '../lib/clients/cognito.ts';
import { config } from '../lib/config.ts';
import { describeError, logger } from '../lib/logger.ts';

/**
 * The Cognito user pool, which holds credentials and issues tokens. Our user id is the Cognito
 * username; the pool knows no display username, so login by name or email is resolved by us first.
 */

/** The Cognito group that mirrors the `admin` role (the user record is what the API checks). */
export const ADMIN_GROUP: Role = 'admin';

export interface SessionTokens {
  idToken: string;
  refreshToken: string;
  /** Seconds until the ID token expires. */
  expiresIn: number;
}

const pool = () => ({ UserPoolId: config.userPoolId });
const errorName = (error: unknown) => (error as Error | null)?.name ?? '';

/** Cognito's answers to a wrong password or unknown user (the local stand-in says InvalidPassword). */
const WRONG_CREDENTIALS = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException']);

/** Cognito rejected a password by its own policy: the message is safe to show. */
export class PasswordRejected extends Error {}

async function withPasswordPolicy<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (errorName(error) === 'InvalidPasswordException') throw new PasswordRejected((error as Error).message);
    throw error;
  }
}

/** A confirmed pool user with a permanent password (no Cognito mail: we send our own). */
export async function createPoolUser(user: {
  id: string;
  email: string;
  emailVerified: boolean;
  password: string;
  role: Role;
}): Promise<void> {
  await cognito.send(
    new AdminCreateUserCommand({
      ...pool(),
      Username: user.id,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: user.email },
        { Name: 'email_verified', Value: String(user.emailVerified) },
      ],
    }),
  );
  await withPasswordPolicy(
    cognito.send(
      new AdminSetUserPasswordCommand({ ...pool(), Username: user.id, Password: user.password, Permanent: true }),
    ),
  );
  if (user.role === 'admin') await setPoolAdmin(user.id, true);
}

/** Deletes a pool user; a user that is already gone is fine. */
export async function deletePoolUser(userId: string): Promise<void> {
  try {
    await cognito.send(new AdminDeleteUserCommand({ ...pool(), Username: userId }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
  }
}

/** Signs in with a password: the session's tokens, or null for a wrong password or unknown user. */
export async function signIn(userId: string, password: string): Promise<SessionTokens | null> {
  try {
    const { AuthenticationResult: result } = await cognito.send(
      new AdminInitiateAuthCommand({
        ...pool(),
        ClientId: config.userPoolClientId,
        AuthFlow: 'ADMIN_USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: userId, PASSWORD: password },
      }),
    );
    if (!result?.IdToken || !result.RefreshToken) throw new Error('Cognito returned no tokens (an auth challenge?)');
    return { idToken: result.IdToken, refreshToken: result.RefreshToken, expiresIn: secondsLeft(result.IdToken) };
  } catch (error) {
    if (WRONG_CREDENTIALS.has(errorName(error))) return null;
    throw error;
  }
}

/** A new ID token for a refresh token, or null when the refresh token is invalid, expired or revoked. */
export async function refreshSession(refreshToken: string): Promise<Omit<SessionTokens, 'refreshToken'> | null> {
  try {
    const { AuthenticationResult: result } = await cognito.send(
      new AdminInitiateAuthCommand({
        ...pool(),
        ClientId: config.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    if (!result?.IdToken) return null;
    return { idToken: result.IdToken, expiresIn: secondsLeft(result.IdToken) };
  } catch (error) {
    if (WRONG_CREDENTIALS.has(errorName(error))) return null;
    throw error;
  }
}

export async function setPoolPassword(userId: string, password: string): Promise<void> {
  await withPasswordPolicy(
    cognito.send(new AdminSetUserPasswordCommand({ ...pool(), Username: userId, Password: password, Permanent: true })),
  );
}

/** Marks the email verified. The (unchanged) email goes along: the local stand-in insists, AWS accepts it. */
export async function markPoolEmailVerified(userId: string, email: string): Promise<void> {
  await cognito.send(
    new AdminUpdateUserAttributesCommand({
      ...pool(),
      Username: userId,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
}

/** Adds the user to, or removes them from, the admin group. */
export async function setPoolAdmin(userId: string, admin: boolean): Promise<void> {
  const input = { ...pool(), Username: userId, GroupName: ADMIN_GROUP };
  await cognito.send(admin ? new AdminAddUserToGroupCommand(input) : new AdminRemoveUserFromGroupCommand(input));
}

/**
 * Revokes the user's refresh tokens (logout, password reset or change). Best effort: the ID tokens of
 * those sessions are refused anyway (the user record's `sessionsValidFrom`), and so is a refresh whose
 * session began before it (login.ts). The local stand-in implements this call (infra/local/services.ts).
 */
export async function signOutEverywhere(userId: string): Promise<void> {
  try {
    await cognito.send(new AdminUserGlobalSignOutCommand({ ...pool(), Username: userId }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException')
      logger.warn('global sign-out failed', { userId, ...describeError(error) });
  }
}

/** The claims of an ID token Cognito just issued to us (not verified: it came straight from Cognito). */
export function idTokenClaims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Seconds until a JWT's `exp` (the local stand-in does not return ExpiresIn; AWS's is the access token's). */
function secondsLeft(jwt: string): number {
  const payload = idTokenClaims(jwt) as { exp?: number };
  return Math.max(0, (payload.exp ?? 0) - Math.floor(Date.now() / 1000));
}
