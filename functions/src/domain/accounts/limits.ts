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
   * Failed logins per name typed, from every client together: a ceiling well above what one client may
   * spend (loginClient), so only a spread-out attack reaches it. Keyed by the name typed, not the
   * account, so a lock on a username tells nothing about which email belongs to it.
   */
  loginName: {
    scope: 'login-name',
    limit: 100,
    windowSeconds: 15 * MINUTE,
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
 * Reserves a failed-login slot per name and client, per name, and per client before the password is
 * checked, so 40 parallel guesses evaluate at most the smallest limit. A right password gives the slots back.
 */
export async function beginLoginAttempt(nameTyped: string, sourceIp: string): Promise<PasswordAttempt> {
  const name = nameTyped.trim().toLowerCase();
  return holding(
    await reserveRateSlots([
      limit('loginNameClient', `${name}\n${sourceIp}`),
      limit('loginName', name),
      limit('loginClient', sourceIp),
    ]),
  );
}

/** The same for the current password of a signed-in account (PUT /api/profile). */
export async function beginCurrentPasswordAttempt(userId: string): Promise<PasswordAttempt> {
  return holding(await reserveRateSlots([limit('currentPassword', userId)]));
}

/**
 * A password reset lifts the locks on the account's names, everywhere and for the client that reset
 * (the owner's device, as a rule), and on the password check of a session.
 */
export async function clearLoginLocks(
  user: { id: string; username: string; email: string },
  sourceIp?: string,
): Promise<void> {
  const names = [`username:${user.username}`, `email:${user.email}`].map((n) => n.toLowerCase());
  await Promise.all([
    ...names.map((name) => clearRateEvents(limit('loginName', name))),
    ...(sourceIp ? names.map((name) => clearRateEvents(limit('loginNameClient', `${name}\n${sourceIp}`))) : []),
    clearRateEvents(limit('currentPassword', user.id)),
  ]);
}
