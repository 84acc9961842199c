import type { KeepsakeKind } from '@storyloom/shared/keepsake';
import { keepsakeText } from '@storyloom/shared/messages/keepsake';
import { type KeepsakeBuild, keepsakeMedia, listBuilds, updateBuild } from '../../data/keepsake-builds.ts';
import { deleteMediaUnder } from '../../data/media.ts';
import { releaseRateSlots } from '../../data/rate-limit.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { logger } from '../../lib/logger.ts';
import { isLastDelivery, type JobDelivery } from '../voice/job-context.ts';
import { KeepsakeBuildError, type KeepsakeBuilder } from './builder.ts';
import { keepsakeBuilders } from './builders.ts';
import { linkExpiry, QUEUED_LEASE_SECONDS, RUNNING_LEASE_SECONDS, secondsFromNow } from './builds.ts';

/** Progress is written at most this often (the page polls every couple of seconds). */
const PROGRESS_EVERY_MS = 1000;
/** The lease is renewed this often while the builder runs (also between progress reports). */
const RENEW_EVERY_MS = Math.max(250, (RUNNING_LEASE_SECONDS * 1000) / 4);

export interface KeepsakeJob {
  ownerId: string;
  kind: KeepsakeKind;
  buildId: string;
}

/** Claims a build for this delivery: queued, or running with a lease that ran out (its worker died). */
async function claim(job: KeepsakeJob): Promise<KeepsakeBuild | undefined> {
  const ref = { ownerId: job.ownerId, kind: job.kind, id: job.buildId };
  const fields = {
    status: 'running' as const,
    startedAt: new Date().toISOString(),
    leaseUntil: secondsFromNow(RUNNING_LEASE_SECONDS),
    error: undefined,
  };
  return (
    (await updateBuild(ref, fields, { fromStatus: ['queued'], addAttempt: true })) ??
    (await updateBuild(ref, fields, {
      fromStatus: ['running'],
      addAttempt: true,
      leaseExpiredBefore: new Date().toISOString(),
    }))
  );
}

/**
 * The `keepsake.build` media job: claims the build, runs its kind's builder with progress and a lease,
 * then marks it done (link valid 24 h, emailed by the jobs worker) and removes older results of the
 * kind; or, on failure, queues it again for SQS's redelivery, or marks it failed after the last try
 * (giving the day's slot back). A redelivered message of a build that is done or running is skipped.
 */
export async function runKeepsakeBuild(
  job: KeepsakeJob,
  delivery: JobDelivery,
  builders: Partial<Record<KeepsakeKind, KeepsakeBuilder>> = keepsakeBuilders,
): Promise<void> {
  const build = await claim(job);
  if (!build) return;
  const abort = new AbortController();
  let lastWrite = 0;
  const renew = async (fields: Partial<KeepsakeBuild> = {}) => {
    const still = await updateBuild(
      build,
      { ...fields, leaseUntil: secondsFromNow(RUNNING_LEASE_SECONDS) },
      { fromStatus: ['running'] },
    );
    if (!still) abort.abort();
    return still;
  };
  const timer = setInterval(() => {
    renew().catch((error: unknown) => logger.warn('keepsake lease not renewed', { reason: (error as Error).name }));
  }, RENEW_EVERY_MS);
  timer.unref?.();
  const prefix = keepsakeMedia.buildPrefix(build.ownerId, build.id);
  try {
    const builder = builders[build.kind];
    if (!builder) throw new KeepsakeBuildError(`no builder for keepsake kind ${build.kind}`, false);
    const result = await builder({
      build,
      signal: abort.signal,
      resultKey: (fileName) => keepsakeMedia.result(build.ownerId, build.id, fileName),
      progress: async (done, total, step) => {
        if (abort.signal.aborted) throw new KeepsakeBuildError('build replaced or removed', false);
        if (Date.now() - lastWrite < PROGRESS_EVERY_MS && done < total) return;
        lastWrite = Date.now();
        if (!(await renew({ progress: { done, total, step } })))
          throw new KeepsakeBuildError('build replaced or removed', false);
      },
    });
    clearInterval(timer);
    const finishedAt = new Date();
    const done = await updateBuild(
      build,
      {
        status: 'done',
        progress: { done: 1, total: 1, step: '' },
        resultKey: result.key,
        fileName: result.fileName,
        sizeBytes: result.sizeBytes,
        finishedAt: finishedAt.toISOString(),
        expiresAt: linkExpiry(finishedAt),
        leaseUntil: undefined,
        error: undefined,
      },
      { fromStatus: ['running'] },
    );
    if (!done) {
      await deleteMediaUnder(prefix);
      return;
    }
    await removeOlderResults(done);
    await enqueueJob({ type: 'keepsake.ready-mail', ownerId: done.ownerId, kind: done.kind, buildId: done.id });
  } catch (error) {
    clearInterval(timer);
    // Whatever was written (a part-made result) goes; a redelivery starts over.
    await deleteMediaUnder(prefix).catch(() => undefined);
    if (abort.signal.aborted) return;
    const retryable = error instanceof KeepsakeBuildError ? error.retryable : true;
    const shown = (error instanceof KeepsakeBuildError && error.shown) || keepsakeText.failed;
    const final = !retryable || isLastDelivery(delivery);
    logger.warn('keepsake build failed', {
      kind: build.kind,
      buildId: build.id,
      retryable,
      final,
      reason: (error as Error).message,
    });
    const updated = await updateBuild(
      build,
      final
        ? { status: 'failed', error: shown, leaseUntil: undefined, finishedAt: new Date().toISOString() }
        : { status: 'queued', leaseUntil: secondsFromNow(QUEUED_LEASE_SECONDS) },
      { fromStatus: ['running'] },
    );
    if (final && updated?.rateSlot) await releaseRateSlots([{ key: updated.rateSlot }]);
    // Not final: SQS delivers the message again after its visibility timeout (then the DLQ).
    if (!final) throw error;
  }
}

/** Only the newest result of a kind is kept: older builds' objects go (their records stay, no longer downloadable). */
async function removeOlderResults(done: KeepsakeBuild): Promise<void> {
  for (const older of await listBuilds(done.ownerId, done.kind)) {
    if (older.id === done.id || !older.resultKey) continue;
    await deleteMediaUnder(keepsakeMedia.buildPrefix(older.ownerId, older.id));
    await updateBuild(older, { resultKey: undefined, expiresAt: older.finishedAt });
  }
}
