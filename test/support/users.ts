import type { Role } from '@storyloom/shared/constants';
import type { LoginResponse } from '@storyloom/shared/schemas/auth';
import { useServerEnv } from './env.ts';
import { type ApiResponse, api, uniqueMarker } from './http.ts';
import { type Mail, waitForMail } from './mailbox.ts';

/**
 * Accounts for tests. Users are made through the same domain function as /register and
 * `npm run create-admin` (no mail, no registration rate limit), unique per call, so test files can
 * run in parallel. Logging in goes through POST /login like the app; successful logins are not
 * rate limited, so any number of tests may log in from the default address.
 */
export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  role: Role;
}

export interface NewTestUser {
  role?: Role;
  /** Default true: the user can log in at once. */
  emailVerified?: boolean;
  username?: string;
  email?: string;
  password?: string;
}

type Registration = typeof import('@storyloom/functions/domain/accounts/registration');
let registration: Promise<Registration> | undefined;

/** The registration module, loaded once per test file with the server's environment. */
function accountsDomain(): Promise<Registration> {
  if (!registration) {
    useServerEnv();
    registration = import('@storyloom/functions/domain/accounts/registration');
  }
  return registration;
}

/** Fresh unique credentials (username 3–30 characters of [a-z0-9], email at example.com). */
export function newCredentials(prefix = 'u'): { username: string; email: string; password: string } {
  const username = uniqueMarker(prefix).slice(0, 30);
  return { username, email: `${username}@example.com`, password: `pw-${uniqueMarker()}` };
}

/** A user with a verified email (unless asked otherwise), ready to log in. */
export async function registerVerifiedUser(opts: NewTestUser = {}): Promise<TestUser> {
  const { createUser } = await accountsDomain();
  const fresh = newCredentials(opts.role === 'admin' ? 'a' : 'u');
  const input = {
    username: opts.username ?? fresh.username,
    email: opts.email ?? fresh.email,
    password: opts.password ?? fresh.password,
  };
  const user = await createUser({ ...input, role: opts.role ?? 'user', emailVerified: opts.emailVerified ?? true });
  return { id: user.id, ...input, role: user.role };
}

/** An admin, made exactly as `npm run create-admin` makes one. */
export function createAdmin(opts: Omit<NewTestUser, 'role'> = {}): Promise<TestUser> {
  return registerVerifiedUser({ ...opts, role: 'admin' });
}

/** Logs in through POST /login; throws with the server's answer unless it succeeds. */
export async function loginAs(
  user: Pick<TestUser, 'username' | 'password'>,
  opts: { localAddress?: string } = {},
): Promise<LoginResponse> {
  const res = await api<LoginResponse>('POST', '/login', {
    body: { username: user.username, password: user.password },
    localAddress: opts.localAddress,
  });
  if (res.status !== 200) throw new Error(`Login of ${user.username} failed: ${res.status} ${res.text}`);
  return res.body;
}

/** A new verified user and an ID token for them. */
export async function registerAndLogin(opts: NewTestUser = {}): Promise<TestUser & { token: string }> {
  const user = await registerVerifiedUser(opts);
  const { token } = await loginAs(user);
  return { ...user, token };
}

/** Calls the API as this user. */
export function apiAs<T = Record<string, unknown>>(
  user: { token: string },
  method: string,
  path: string,
  body?: unknown,
): Promise<ApiResponse<T>> {
  return api<T>(method, path, { token: user.token, body });
}

/**
 * Waits for a link mailed to `email` (verification: `/verify-email`, reset: `/reset-password`) whose
 * token is not in `seen`, and returns that token. Account mail is sent by the worker, so this polls.
 */
export async function waitForLinkToken(
  email: string,
  page: '/verify-email' | '/reset-password',
  seen: readonly string[] = [],
  timeoutMs = 30_000,
): Promise<{ token: string; mail: Mail }> {
  const pattern = new RegExp(`${page}\\?token=([A-Za-z0-9_-]+)`);
  const tokenOf = (m: Mail) => pattern.exec(m.text)?.[1];
  const mail = await waitForMail((m) => {
    const token = tokenOf(m);
    return m.to.includes(email) && token !== undefined && !seen.includes(token);
  }, timeoutMs);
  return { token: tokenOf(mail)!, mail };
}

/** Waits for the account-deletion code mailed to `email` that is not in `seen`. */
export async function waitForDeletionCode(email: string, seen: readonly string[] = []): Promise<string> {
  const codeOf = (m: Mail) => /^(\d{6})$/m.exec(m.text)?.[1];
  const mail = await waitForMail((m) => {
    const code = codeOf(m);
    return m.to.includes(email) && /deletion code/i.test(m.subject) && code !== undefined && !seen.includes(code);
  });
  return codeOf(mail)!;
}
