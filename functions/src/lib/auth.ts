import { serverText } from '@storyloom/shared/messages';
import { getUserAuthState, type UserAuthState } from '../data/users.ts';
import { Forbidden, Unauthorized } from './errors.ts';
import type { HttpEvent } from './http-types.ts';

/** Who is asking, from the ID token claims. Our user id is the Cognito username (see docs/accounts.md). */
export interface AuthUser {
  id: string;
  email?: string;
  groups: string[];
  /** When the token's session signed in (epoch seconds): checked against the record's `sessionsValidFrom`. */
  signedInAt?: number;
}

/**
 * API Gateway's JWT authorizer (and local mode's equal check) has verified the token already; this reads
 * its claims. Every non-public route reads the user record: a deleted account's token stops working
 * at once, and admin routes check the record's role, not the token's groups, so a demotion takes
 * effect at once rather than when the token expires.
 */
export async function authenticate(
  event: HttpEvent,
  auth: 'public' | 'user' | 'admin',
  userRecord: 'read' | 'read-by-handler' = 'read',
): Promise<AuthUser | null> {
  const claims = event.requestContext.authorizer?.jwt?.claims;
  const id = claims?.['cognito:username'];
  const user: AuthUser | null =
    typeof id === 'string' && id
      ? {
          id,
          email: typeof claims?.email === 'string' ? claims.email : undefined,
          groups: parseGroups(claims?.['cognito:groups']),
          signedInAt: signedInAt(claims),
        }
      : null;
  if (auth === 'public') return user;
  if (!user) throw new Unauthorized(serverText.unauthorized);
  // A route that reads the user record in a batch of its own checks it there (confirmAuthState).
  if (auth === 'user' && userRecord === 'read-by-handler') return user;
  const state = await getUserAuthState(user.id);
  confirmAuthState(user, state);
  if (auth === 'admin' && state?.role !== 'admin') throw new Forbidden(serverText.forbidden);
  return user;
}

/**
 * The check every signed-in call makes of the caller's user record. A route declared with
 * `userRecord: 'read-by-handler'` (the interactive question route, which reads the record with its story in
 * one call: docs/interactive.md "Calls per question") must call it itself.
 */
export function confirmAuthState(user: AuthUser, state: UserAuthState | undefined): void {
  // An ID token outlives a deleted account by up to an hour: a user without a record is logged out.
  if (!state) throw new Unauthorized(serverText.unauthorized);
  // Logout, a password reset or change ended the sessions signed in before `sessionsValidFrom`.
  if (state.sessionsValidFrom !== undefined && (user.signedInAt ?? 0) < state.sessionsValidFrom) {
    throw new Unauthorized(serverText.unauthorized);
  }
}

/**
 * When the session of a token signed in (epoch seconds): `auth_time`, which Cognito keeps from the
 * password sign-in through every refresh, else `iat`. API Gateway passes numbers as strings.
 */
export function signedInAt(claims: Record<string, unknown> | undefined): number {
  const value = Number(claims?.auth_time ?? claims?.iat);
  return Number.isFinite(value) ? value : 0;
}

/** API Gateway passes array claims as "[a b]" strings; local mode passes arrays. */
function parseGroups(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string')
    return value
      .replace(/^\[|\]$/g, '')
      .split(/[\s,]+/)
      .filter(Boolean);
  return [];
}
