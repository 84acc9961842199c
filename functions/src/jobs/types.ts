import { KEEPSAKE_KINDS } from '@storyloom/shared/keepsake';
import * as z from 'zod/mini';

/**
 * Jobs the SQS worker runs. Each job carries only ids (account mail: the typed address, see below):
 * the worker reads current state, so a retried or duplicated message does no harm.
 */
export const jobSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('contact.notify'), pk: z.string(), sk: z.string() }),
  // Account mail carries the address the visitor typed, not an id: the API must not look it up (see
  // docs/accounts.md, no enumeration). requestId lets a redelivered job be recognised.
  z.object({ type: z.literal('account.verify-email'), email: z.string(), requestId: z.string() }),
  z.object({ type: z.literal('account.reset-password'), email: z.string(), requestId: z.string() }),
  /** Finishes an account deletion whose inline run failed; every step is idempotent. */
  z.object({ type: z.literal('account.purge'), userId: z.string() }),
  /** Deletes the pool user of a failed registration, only if no user record names it (docs/accounts.md). */
  z.object({ type: z.literal('account.drop-pool-user'), userId: z.string() }),
  /** Copies the user record's email_verified to the pool user (the public verify route calls no Cognito). */
  z.object({ type: z.literal('account.sync-pool-email'), userId: z.string() }),
  /** The hourly family-mail run (EventBridge in AWS, a timer locally): queues the two below. */
  z.object({ type: z.literal('family-mail.hourly') }),
  /** One storyteller's weekly question of ISO week `week` (`2026-W48`); once per week (a marker). */
  z.object({ type: z.literal('family-mail.weekly'), userId: z.string(), week: z.string() }),
  /** One recipient's family digest of UTC `day`; at most once a day. `includeToday`: local "send now". */
  z.object({
    type: z.literal('family-mail.digest'),
    userId: z.string(),
    day: z.string(),
    includeToday: z.optional(z.boolean()),
  }),
  /** Tells `askerId` that `storyId`, now shared with them, answers their question `promptId`. */
  z.object({ type: z.literal('family-mail.answered'), storyId: z.string(), askerId: z.string(), promptId: z.string() }),
  /** Emails the owner that a keepsake build (zip, book) is ready to download (docs/keepsake.md). */
  z.object({
    type: z.literal('keepsake.ready-mail'),
    ownerId: z.string(),
    kind: z.enum(KEEPSAKE_KINDS),
    buildId: z.string(),
  }),
]);
export type Job = z.infer<typeof jobSchema>;
export type JobType = Job['type'];
