/** Where the session lives (spec section 4: a token in local storage means logged in). */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';
const EXPIRED_KEY = 'storyloom.sessionExpired';

// Storage can be switched off or full (private modes, strict settings): treat that as "no session"
// rather than crashing the page.

type Listener = () => void;
const listeners = new Set<Listener>();

/**
 * Calls `listener` whenever this tab stores, replaces or clears the tokens (the `storage` event
 * only reports other tabs). Returns the unsubscribe function.
 */
export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function getRefreshToken(): string | null {
  try {
    return localStorage.getItem(REFRESH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeTokens(tokens: { token: string; refreshToken?: string }): void {
  try {
    localStorage.setItem(TOKEN_KEY, tokens.token);
    if (tokens.refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
    else localStorage.removeItem(REFRESH_TOKEN_KEY);
    sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    // The session then lasts only as long as the page's memory does.
  }
  notify();
}

/** Swaps in a refreshed ID token; the refresh token stays (POST /refresh-token returns none). */
export function replaceToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // As in storeTokens.
  }
  notify();
}

/**
 * Clears the session. `expired`: it ended by itself (the server refused the tokens), not by a logout;
 * the login screen then says so ('Your session has expired. Please log in again.').
 */
export function clearTokens(opts: { expired?: boolean } = {}): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
    if (opts.expired) sessionStorage.setItem(EXPIRED_KEY, '1');
    else sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  notify();
}

/** Whether this tab's last session ended by itself (see clearTokens). */
export function sessionExpired(): boolean {
  try {
    return sessionStorage.getItem(EXPIRED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Forgets the "expired" note once the user has logged in again. */
export function clearSessionExpired(): void {
  try {
    sessionStorage.removeItem(EXPIRED_KEY);
  } catch {
    // As above.
  }
}

/** The claims the SPA reads from an ID token; never trusted for access, only for timing and identity. */
export interface TokenClaims {
  /** Expiry, in seconds since the epoch. */
  exp?: number;
  /** The user the token belongs to. */
  sub?: string;
}

/**
 * Decodes a JWT's payload without verifying it (the API verifies every call). Returns null for
 * anything that is not a readable JWT, so callers treat such a token as "expiry unknown".
 */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp, sub } = claims as Record<string, unknown>;
    return {
      exp: typeof exp === 'number' ? exp : undefined,
      sub: typeof sub === 'string' ? sub : undefined,
    };
  } catch {
    return null;
  }
}
