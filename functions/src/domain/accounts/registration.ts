import { randomUUID } from 'node:crypto';
import { type Role, VERIFY_LINK_TTL_SECONDS } from '@storyloom/shared/constants';
import { accountText } from '@storyloom/shared/messages';
import type { RegisterInput } from '@storyloom/shared/schemas/auth';
import { sendEmail } from '../../adapters/mailer.ts';
import { PasswordRejected, signUpPoolUser } from '../../adapters/user-pool.ts';
import { createPoolUser, deletePoolUser, setPoolEmailVerified } from '../../adapters/user-pool-admin.ts';
import { deleteEmailToken, findEmailToken, putEmailToken } from '../../data/account-tokens.ts';
import {
  addAdmin,
  claimGuard,
  ensureAdminCounter,
  findUserId,
  getUser,
  markEmailVerified,
  markMailRequestDone,
  putNewUser,
  releaseGuard,
  type UserRecord,
} from '../../data/users.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { Conflict, ValidationFailed } from '../../lib/errors.ts';
import { describeError, logger } from '../../lib/logger.ts';
import { verificationEmail } from './emails.ts';
import { consume, consumeMailQuota } from './limits.ts';
import { newLinkToken, sha256 } from './secrets.ts';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  role?: Role;
  /** True for accounts made by an operator (create-admin), whose email is known to be theirs. */
  emailVerified?: boolean;
}

/** How the Cognito user of a new account is made, and unmade when a later step fails. */
interface PoolUserMaker {
  create(user: UserRecord, password: string): Promise<void>;
  undo(userId: string): Promise<void>;
}

/**
 * Creates a user: username and email guards first (conditional puts: unique, case-insensitive), then
 * the Cognito user, then the user record. DynamoDB here has no transactions, so each step that fails
 * undoes the ones before it; a crash midway leaves only guards without a record, which a later
 * registration of the same name takes over (data/users.ts claimGuard), and perhaps a pool user no
 * record names, which nobody can sign in as (login resolves names through the records).
 */
async function createAccount(input: NewUser, poolUser: PoolUserMaker): Promise<UserRecord> {
  const user: UserRecord = {
    id: randomUUID(),
    username: input.username,
    email: input.email,
    emailVerified: input.emailVerified ?? false,
    role: input.role ?? 'user',
    createdAt: new Date().toISOString(),
  };
  const undo: Array<() => Promise<void>> = [];
  try {
    if (!(await claimGuard('username', user.username, user.id))) throw new Conflict(accountText.usernameTaken);
    undo.push(() => releaseGuard('username', user.username, user.id));
    if (!(await claimGuard('email', user.email, user.id))) throw new Conflict(accountText.emailTaken);
    undo.push(() => releaseGuard('email', user.email, user.id));
    // Pushed before the call: a pool user created before a failing step (the password) goes too.
    undo.push(() => poolUser.undo(user.id));
    await poolUser.create(user, input.password);
    // The counter is made (from the admins index) before this admin's record can be counted in it.
    if (user.role === 'admin') await ensureAdminCounter();
    await putNewUser(user);
    if (user.role === 'admin') await addAdmin();
  } catch (error) {
    for (const step of undo.reverse()) {
      await step().catch((undoError: unknown) =>
        logger.error('registration rollback step failed', { userId: user.id, ...describeError(undoError) }),
      );
    }
    if (error instanceof PasswordRejected) throw new ValidationFailed(error.message);
    throw error;
  }
  logger.info('user created', { userId: user.id, role: user.role });
  return user;
}

/**
 * An account made by an operator (`npm run create-admin`) or a test: the role and email state as given,
 * with the IAM-signed Admin calls. The register route never reaches this code (its bundle does not hold
 * it: infra/test/grants.test.ts).
 */
export function createUser(input: NewUser): Promise<UserRecord> {
  return createAccount(input, {
    create: (user, password) => createPoolUser({ ...user, password }),
    undo: deletePoolUser,
  });
}

/**
 * A visitor's account: Cognito's public SignUp with the client secret (no IAM permission). A public
 * route cannot delete pool users, so a sign-up whose record was not written is handed to the worker,
 * which deletes the pool user only if no user record names it (dropOrphanPoolUser).
 */
function signUpUser(input: RegisterInput): Promise<UserRecord> {
  return createAccount(
    { ...input, role: 'user', emailVerified: false },
    {
      create: (user, password) => signUpPoolUser({ id: user.id, email: user.email, password }),
      undo: (userId) => enqueueJob({ type: 'account.drop-pool-user', userId }),
    },
  );
}

/**
 * Worker step: deletes the pool user of a registration that failed after its sign-up. Only when no user
 * record has this id: the job can never remove a real account's sign-in.
 */
export async function dropOrphanPoolUser(userId: string): Promise<void> {
  if (await getUser(userId)) {
    logger.warn('pool user kept: a user record names it', { userId });
    return;
  }
  await deletePoolUser(userId);
  logger.info('orphan pool user deleted', { userId });
}

/** POST /register: the account, then the verification mail through the worker. */
export async function register(input: RegisterInput, sourceIp: string): Promise<void> {
  await consume('register', sourceIp);
  const user = await signUpUser(input);
  try {
    await enqueueVerificationMail(user.email);
  } catch (error) {
    // The account exists; the success screen's Resend button can ask again.
    logger.error('could not queue the verification mail', { userId: user.id, ...describeError(error) });
  }
}

/**
 * POST /resend-verification. The same answer and the same work whether or not the email has an
 * account (no enumeration, not even by timing): the worker looks the address up.
 */
export async function requestVerificationMail(email: string, sourceIp: string): Promise<void> {
  await consumeMailQuota('verify', email, sourceIp);
  await enqueueVerificationMail(email);
}

function enqueueVerificationMail(email: string) {
  return enqueueJob({ type: 'account.verify-email', email, requestId: randomUUID() });
}

/** Worker step: mails a fresh verification link to an unverified account with this email, once per request. */
export async function sendVerificationMail(job: { email: string; requestId: string }): Promise<void> {
  const userId = await findUserId('email', job.email);
  const user = userId ? await getUser(userId) : undefined;
  if (!user || user.emailVerified || user.verifyRequestId === job.requestId) return;
  const token = newLinkToken();
  await putEmailToken('VERIFY', sha256(token), user.id, Math.floor(Date.now() / 1000) + VERIFY_LINK_TTL_SECONDS);
  await sendEmail(verificationEmail(user.email, user.username, token));
  await markMailRequestDone(user.id, 'verifyRequestId', job.requestId);
  logger.info('verification mail sent', { userId: user.id });
}

/**
 * GET /verify-email: marks the email verified on the user record (the truth the API checks), then uses
 * the link up; the worker copies the flag to the pool's email_verified (no Cognito call here). Any
 * unexpired link of the user works (a resend does not void earlier ones); each works once.
 */
export async function verifyEmail(token: string): Promise<void> {
  const tokenHash = sha256(token);
  const userId = await findEmailToken('VERIFY', tokenHash);
  const user = userId ? await getUser(userId) : undefined;
  if (!user) throw new ValidationFailed(accountText.verifyInvalid);
  if (!user.emailVerified) {
    await markEmailVerified(user.id);
    await enqueuePoolEmailSync(user.id);
  }
  await deleteEmailToken('VERIFY', tokenHash);
  logger.info('email verified', { userId: user.id });
}

/** Asks the worker to mirror the record's email flag to the pool; best effort (the record is the truth). */
export async function enqueuePoolEmailSync(userId: string): Promise<void> {
  await enqueueJob({ type: 'account.sync-pool-email', userId }).catch((error: unknown) =>
    logger.error('could not queue the pool email sync', { userId, ...describeError(error) }),
  );
}

/** Worker step: copies the user record's email and verified flag to the pool user's attributes. */
export async function syncPoolEmail(userId: string): Promise<void> {
  const user = await getUser(userId);
  if (!user) return;
  await setPoolEmailVerified(user.id, user.email, user.emailVerified);
}
