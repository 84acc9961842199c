import { accountText } from '@storyloom/shared/messages';
import {
  clearRateEvents,
  consumeRateLimit,
  type RateSlot,
  releaseRateSlots,
  reserveRateSlots,
} from '../../data/rate-limit.ts';
import { sha256 } from './secrets.ts';

/**
 * Throttles of the account calls (docs/accounts.md has the table). Every limit reserves its slot with a
 * conditional update before the work, so parallel requests cannot overshoot it. Subjects are hashed:
 * the counters hold no email, address or user id, so they need no clean-up when an account is deleted.
 */
const MINUTE = 60;

const LIMITS = {
  /**
   * Failed logins per name typed (username or email, each its own counter) and client: the lock a
   * guesser runs into. Another client, the owner's, is not locked by it.
   */
  loginNameClient: {
    scope: 'login-name-client',
    limit: 10,
    windowSeconds: 15 * MINUTE,
    message: accountText.tooManyLoginAttempts,
  },
  /**
   * Failed logins per account, from every client and under either of its names (username or email):
   * OWASP ASVS 2.2.1's "at most 100 failed attempts per hour on one account". A name with no account is
   * counted by the name typed, so an unknown name meets the same ceiling as a known one.
   */
  loginAccount: {
    scope: 'login-account',
    limit: 100,
    windowSeconds: 60 * MINUTE,
    message: accountText.tooManyLoginAttempts,
  },
  /** Failed logins per client address: slows guessing across many accounts. */
  loginClient: {
    scope: 'login-client',
    limit: 30,
    windowSeconds: 15 * MINUTE,
    message: accountText.tooManyLoginAttempts,
  },
  /** Wrong current passwords on PUT /api/profile, per signed-in account. */
  currentPassword: {
    scope: 'current-password',
    limit: 10,
    windowSeconds: 15 * MINUTE,
    message: accountText.tooManyLoginAttempts,
  },
  register: { scope: 'register-client', limit: 30, windowSeconds: 60 * MINUTE },
  /** Mail-sending calls by anyone: per address typed (whether or not it has an account) and per client. */
  mailPerEmail: { scope: 'mail-email', limit: 3, windowSeconds: 15 * MINUTE, message: accountText.tooManyEmails },
  mailPerClient: { scope: 'mail-client', limit: 10, windowSeconds: 15 * MINUTE },
  deleteCode: { scope: 'delete-code', limit: 5, windowSeconds: 60 * MINUTE },
} as const;

type LimitName = keyof typeof LIMITS;
const limit = (name: LimitName, subject: string) => ({
  ...LIMITS[name],
  subject: sha256(subject.trim().toLowerCase()),
});

/** Counts one call before the work; throws 429 over the limit. */
export const consume = (name: LimitName, subject: string) => consumeRateLimit(limit(name, subject));

/** Mail-sending calls: per email address (separate counters per purpose) and per client. */
export async function consumeMailQuota(purpose: 'verify' | 'reset', email: string, sourceIp: string): Promise<void> {
  await reserveRateSlots([limit('mailPerEmail', `${purpose}:${email}`), limit('mailPerClient', sourceIp)]);
}

/** A password check in flight: its slots are held until it is known whether it failed. */
export interface PasswordAttempt {
  /** The password was right (or never checked): the attempt does not count. */
  release(): Promise<void>;
}

const holding = (slots: RateSlot[]): PasswordAttempt => ({ release: () => releaseRateSlots(slots) });

/**
 * Reserves a failed-login slot per name and client, per account (across clients and names) and per
 * client before the password is checked, so 40 parallel guesses evaluate at most the smallest limit.
 * `userId` is the account the name resolved to (undefined: no account, counted by the name typed).
 * A right password gives the slots back.
 */
export async function beginLoginAttempt(
  nameTyped: string,
  userId: string | undefined,
  sourceIp: string,
): Promise<PasswordAttempt> {
  const name = nameTyped.trim().toLowerCase();
  return holding(
    await reserveRateSlots([
      limit('loginNameClient', `${name}\n${sourceIp}`),
      limit('loginAccount', accountSubject(userId, name)),
      limit('loginClient', sourceIp),
    ]),
  );
}

const accountSubject = (userId: string | undefined, name: string) => (userId ? `account:${userId}` : `name:${name}`);

/** The same for the current password of a signed-in account (PUT /api/profile). */
export async function beginCurrentPasswordAttempt(userId: string): Promise<PasswordAttempt> {
  return holding(await reserveRateSlots([limit('currentPassword', userId)]));
}

/**
 * A password reset lifts the lock on the account (every client, both names), the locks of its names for
 * the client that reset (the owner's device, as a rule), and on the password check of a session.
 */
export async function clearLoginLocks(
  user: { id: string; username: string; email: string },
  sourceIp?: string,
): Promise<void> {
  const names = [`username:${user.username}`, `email:${user.email}`].map((n) => n.toLowerCase());
  await Promise.all([
    clearRateEvents(limit('loginAccount', accountSubject(user.id, ''))),
    ...(sourceIp ? names.map((name) => clearRateEvents(limit('loginNameClient', `${name}\n${sourceIp}`))) : []),
    clearRateEvents(limit('currentPassword', user.id)),
  ]);
}
