import { createHmac } from 'node:crypto';
import {
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Role } from '@storyloom/shared/constants';
import { cognito } from '../lib/clients/cognito.ts';
import { config } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { secretValue } from '../lib/secrets.ts';

/**
 * The Cognito user pool, which holds credentials and issues tokens. Our user id is the Cognito
 * username; the pool knows no display username, so login by name or email is resolved by us first.
 *
 * This module makes only the app client's own (public) calls: SignUp, InitiateAuth with the password,
 * GetTokensFromRefreshToken (InitiateAuth REFRESH_TOKEN_AUTH when that is refused). They need no IAM permission; the client is confidential, so each call
 * proves it comes from the API with the client secret (Secrets Manager, `grants.secrets:
 * ['cognito-client']`). The IAM-signed Admin calls live in user-pool-admin.ts, which no public
 * route imports (docs/accounts.md, "Who may call what in Cognito").
 */

/** The Cognito group that mirrors the `admin` role (the user record is what the API checks). */
export const ADMIN_GROUP: Role = 'admin';

export interface SessionTokens {
  idToken: string;
  refreshToken: string;
  /** Seconds until the ID token expires. */
  expiresIn: number;
}

export const errorName = (error: unknown) => (error as Error | null)?.name ?? '';

/** Cognito's answers to a wrong password or unknown user (the local stand-in says InvalidPassword). */
const WRONG_CREDENTIALS = new Set(['NotAuthorizedException', 'InvalidPasswordException', 'UserNotFoundException']);

/** Cognito rejected a password by its own policy: the message is safe to show. */
export class PasswordRejected extends Error {}

export async function withPasswordPolicy<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (errorName(error) === 'InvalidPasswordException') throw new PasswordRejected((error as Error).message);
    throw error;
  }
}

/**
 * Cognito's SECRET_HASH of a confidential client: Base64(HMAC-SHA256(key = client secret,
 * message = username + client id)).
 */
export function secretHash(clientSecret: string, username: string, clientId: string): string {
  return createHmac('sha256', clientSecret)
    .update(username + clientId)
    .digest('base64');
}

/** The web client's secret (cached by lib/secrets.ts); without it the client cannot sign anyone in. */
async function clientSecret(): Promise<string> {
  const secret = await secretValue('cognito-client');
  if (!secret) throw new Error('The user pool client secret is not configured (USER_POOL_CLIENT_SECRET_ID)');
  return secret;
}

/**
 * A self-service sign-up under our user id. The pool's pre-sign-up trigger (handlers/auth/pre-sign-up.ts)
 * confirms it at once and leaves the email unverified; Cognito sends no mail (we send our own).
 */
export async function signUpPoolUser(user: { id: string; email: string; password: string }): Promise<void> {
  const secret = await clientSecret();
  await withPasswordPolicy(
    cognito.send(
      new SignUpCommand({
        ClientId: config.userPoolClientId,
        SecretHash: secretHash(secret, user.id, config.userPoolClientId),
        Username: user.id,
        Password: user.password,
        UserAttributes: [{ Name: 'email', Value: user.email }],
      }),
    ),
  );
}

/** Signs in with a password: the session's tokens, or null for a wrong password or unknown user. */
export async function signIn(userId: string, password: string): Promise<SessionTokens | null> {
  const secret = await clientSecret();
  try {
    const { AuthenticationResult: result } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: {
          USERNAME: userId,
          PASSWORD: password,
          SECRET_HASH: secretHash(secret, userId, config.userPoolClientId),
        },
      }),
    );
    if (!result?.IdToken || !result.RefreshToken) throw new Error('Cognito returned no tokens (an auth challenge?)');
    return {
      idToken: result.IdToken,
      refreshToken: wrapRefreshToken(userId, result.RefreshToken),
      expiresIn: secondsLeft(result.IdToken),
    };
  } catch (error) {
    if (WRONG_CREDENTIALS.has(errorName(error))) return null;
    throw error;
  }
}

/**
 * The refresh token the app hands out: Cognito's, behind the Cognito username (our user id). The
 * fallback refresh (InitiateAuth REFRESH_TOKEN_AUTH) needs a SECRET_HASH, which is computed from the
 * username, and Cognito's refresh token is opaque. The username is no secret: a wrong one only makes
 * Cognito refuse the hash. Tokens from before this form (no prefix) refresh by the first way only.
 */
const REFRESH_PREFIX = 'sl1:';

export function wrapRefreshToken(userId: string, cognitoToken: string): string {
  return `${REFRESH_PREFIX}${userId}:${cognitoToken}`;
}

export function unwrapRefreshToken(value: string): { userId?: string; token: string } {
  if (!value.startsWith(REFRESH_PREFIX)) return { token: value };
  const rest = value.slice(REFRESH_PREFIX.length);
  const colon = rest.indexOf(':');
  if (colon <= 0) return { token: value };
  return { userId: rest.slice(0, colon), token: rest.slice(colon + 1) };
}

/**
 * Set once GetTokensFromRefreshToken was refused for a reason other than the token (the operation not
 * offered to this pool's plan, or blocked): this function instance then refreshes by the fallback only.
 */
let refreshOperationRefused = false;

/**
 * A new ID token for a refresh token, or null when the refresh token is invalid, expired or revoked.
 * First GetTokensFromRefreshToken, which takes the client secret itself; if Cognito refuses it (any
 * answer but a refused token), InitiateAuth REFRESH_TOKEN_AUTH with the SECRET_HASH of the username
 * the app's refresh token carries (docs/accounts.md, "Refresh"). The client has no refresh token
 * rotation, so the refresh token stays the same either way.
 */
export async function refreshSession(refreshToken: string): Promise<Omit<SessionTokens, 'refreshToken'> | null> {
  const secret = await clientSecret();
  const { userId, token } = unwrapRefreshToken(refreshToken);
  let refused: unknown;
  if (!refreshOperationRefused || !userId) {
    try {
      const { AuthenticationResult: result } = await cognito.send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: config.userPoolClientId,
          ClientSecret: secret,
          RefreshToken: token,
        }),
      );
      if (!result?.IdToken) return null;
      return { idToken: result.IdToken, expiresIn: secondsLeft(result.IdToken) };
    } catch (error) {
      if (WRONG_CREDENTIALS.has(errorName(error))) return null;
      if (!userId) throw error;
      refused = error;
    }
  }
  try {
    const { AuthenticationResult: result } = await cognito.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: token, SECRET_HASH: secretHash(secret, userId, config.userPoolClientId) },
      }),
    );
    if (!result?.IdToken) return null;
    if (refused && !refreshOperationRefused) {
      refreshOperationRefused = true;
      logger.warn('GetTokensFromRefreshToken refused: refreshing with REFRESH_TOKEN_AUTH', {
        error: errorName(refused),
      });
    }
    return { idToken: result.IdToken, expiresIn: secondsLeft(result.IdToken) };
  } catch (error) {
    if (WRONG_CREDENTIALS.has(errorName(error))) return null;
    throw refused ?? error;
  }
}

/** Forgets that GetTokensFromRefreshToken was refused (tests). */
export function resetRefreshFallback(): void {
  refreshOperationRefused = false;
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
