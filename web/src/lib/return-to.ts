/**
 * "Back to where you were" after logging in (issue 11): the page that sent the user to /login, as a
 * same-origin path only. Anything else (another origin, `//host`, `javascript:`) is dropped, so a
 * crafted link can never send a user off-site after they sign in.
 */
export function safeReturnPath(value: unknown, origin?: string): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  try {
    const base = origin ?? window.location.origin;
    const target = new URL(value, base);
    if (target.origin !== base) return null;
    const path = `${target.pathname}${target.search}${target.hash}`;
    // Coming back to the login screens themselves would loop.
    if (/^\/(login|register|verify-email|forgot-password|reset-password)(\/|$)/.test(target.pathname)) return null;
    return path;
  } catch {
    return null;
  }
}

const KEY = 'storyloom.returnTo';

/**
 * Registration goes through an emailed link, possibly in another tab: the path survives it in local
 * storage and is used by the next login on this device.
 */
export function rememberReturnPath(path: string | null): void {
  const safe = safeReturnPath(path);
  try {
    if (safe) localStorage.setItem(KEY, safe);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage off: the user lands on the dashboard instead.
  }
}

/** The remembered path (once: it is removed as it is read). */
export function takeRememberedReturnPath(): string | null {
  try {
    const value = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    return safeReturnPath(value);
  } catch {
    return null;
  }
}

/** The remembered path, left in place (for links that lead to /login). */
export function peekRememberedReturnPath(): string | null {
  try {
    return safeReturnPath(localStorage.getItem(KEY));
  } catch {
    return null;
  }
}

let handingOver = false;

/**
 * Runs the login screen's own navigation after a successful login. Logging in re-renders the guest
 * guard, which would send the user to /dashboard. React renders the login (an ordinary update) before
 * the router's navigation (a transition), so the guard's redirect could win over the return path. The
 * guard waits instead (`isHandingOver()`) until it is left behind: it ends the hand-over as it unmounts
 * (`endHandOver`), not when `go` returns, which is before React has rendered either update.
 */
export async function handOverAfterLogin(go: () => Promise<void> | void): Promise<void> {
  handingOver = true;
  try {
    await go();
  } catch (error) {
    handingOver = false;
    throw error;
  }
}

/** True while the login screen is sending a freshly logged-in user on (see handOverAfterLogin). */
export function isHandingOver(): boolean {
  return handingOver;
}

/** The guest screens are gone: the hand-over is over (GuestOnly's unmount). */
export function endHandOver(): void {
  handingOver = false;
}
