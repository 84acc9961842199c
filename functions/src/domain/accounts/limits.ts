import { accountText } from '@storyloom/shared/messages';
import { assertUnderRateLimit, clearRateEvents, consumeRateLimit, recordRateEvent } from '../../data/rate-limit.ts';
import { sha256 } from './secrets.ts';

/**
 * Throttles of the account calls (docs/accounts.md has the table). Subjects are hashed: the counters
 * hold no email, address or user id, so they need no clean-up when an account is deleted.
 */
const MINUTE = 60;

const LIMITS = {
  /** Failed logins (and wrong current passwords) per account; only failures count. */
  loginAccount: {
    scope: 'login-account',
    limit: 10,
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

/** Counts one call; throws 429 over the limit. */
export const consume = (name: LimitName, subject: string) => consumeRateLimit(limit(name, subject));
/** Throws 429 when the limit's failures are used up, without counting. */
export const assertUnder = (name: LimitName, subject: string) => assertUnderRateLimit(limit(name, subject));
/** Counts one failure. */
export const recordFailure = (name: LimitName, subject: string) => recordRateEvent(limit(name, subject));
export const clearFailures = (name: LimitName, subject: string) => clearRateEvents(limit(name, subject));

/** Mail-sending calls: per email address (separate counters per purpose) and per client. */
export async function consumeMailQuota(purpose: 'verify' | 'reset', email: string, sourceIp: string): Promise<void> {
  await Promise.all([consume('mailPerEmail', `${purpose}:${email}`), consume('mailPerClient', sourceIp)]);
}
