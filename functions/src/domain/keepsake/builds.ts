import {
  KEEPSAKE_DAILY_LIMITS,
  KEEPSAKE_LINK_TTL_SECONDS,
  type KeepsakeBuildDto,
  type KeepsakeDownloadResponse,
  type KeepsakeKind,
} from '@storyloom/shared/keepsake';
import { SECURE_URL_TTL_SECONDS } from '@storyloom/shared/media';
import { keepsakeText } from '@storyloom/shared/messages/keepsake';
import {
  getBuild,
  type KeepsakeBuild,
  latestBuild,
  newBuildId,
  putBuild,
  updateBuild,
} from '../../data/keepsake-builds.ts';
import { presignDownload } from '../../data/media.ts';
import { releaseRateSlots, reserveRateSlot } from '../../data/rate-limit.ts';
import { enqueueMediaJob } from '../../jobs/media-queue.ts';
import { intEnv } from '../../lib/env.ts';
import { AppError, Conflict, NotFound } from '../../lib/errors.ts';
import { keepsakeKinds } from './kinds.ts';

/**
 * Keepsake builds (docs/keepsake.md, "Builds"): the API side — start (capped per person per day), read
 * the newest, download — and the record changes the worker makes (worker.ts). Generic over the kind:
 * a kind brings its options (kinds.ts) and its builder (builders.ts), nothing else.
 */

/** A running build renews its lease this long ahead; past it, nobody is working on it any more. */
export const RUNNING_LEASE_SECONDS = intEnv('KEEPSAKE_LEASE_SECONDS', 120);
/** A queued build waits at most this long for the (shared, bounded) media worker before it counts as stalled. */
export const QUEUED_LEASE_SECONDS = intEnv('KEEPSAKE_QUEUED_LEASE_SECONDS', 60 * 60);
const DAY_SECONDS = 24 * 60 * 60;

export const secondsFromNow = (n: number) => new Date(Date.now() + n * 1000).toISOString();

/** The daily cap of a kind (environment `KEEPSAKE_EXPORT_DAILY_LIMIT`, `KEEPSAKE_BOOK_DAILY_LIMIT`). */
export const dailyLimit = (kind: KeepsakeKind) =>
  intEnv(`KEEPSAKE_${kind.toUpperCase()}_DAILY_LIMIT`, KEEPSAKE_DAILY_LIMITS[kind]);

const limitOf = (kind: KeepsakeKind, ownerId: string) => ({
  scope: `keepsake-${kind}`,
  subject: ownerId,
  limit: dailyLimit(kind),
  windowSeconds: DAY_SECONDS,
  message: keepsakeText.dailyLimit(kind, dailyLimit(kind)),
});

/** Queued or running, with a live lease: someone is (or will be) working on it. */
export function isActive(build: KeepsakeBuild, now = new Date().toISOString()): boolean {
  return (build.status === 'queued' || build.status === 'running') && (!build.leaseUntil || build.leaseUntil >= now);
}

/** The build as its owner sees it: a queued or running build whose lease ran out is shown as failed. */
export function toBuildDto(build: KeepsakeBuild, now = new Date().toISOString()): KeepsakeBuildDto {
  const stalled = (build.status === 'queued' || build.status === 'running') && !isActive(build, now);
  const status = stalled ? 'failed' : build.status;
  return {
    id: build.id,
    kind: build.kind,
    status,
    progress: build.progress,
    error: stalled ? keepsakeText.stalled : status === 'failed' ? (build.error ?? keepsakeText.failed) : undefined,
    created_at: build.createdAt,
    finished_at: build.finishedAt,
    expires_at: build.expiresAt,
    file_name: status === 'done' ? build.fileName : undefined,
    size_bytes: status === 'done' ? build.sizeBytes : undefined,
    downloadable: status === 'done' && Boolean(build.resultKey) && (build.expiresAt ?? '') > now,
  };
}

function kindDef(kind: KeepsakeKind) {
  const def = keepsakeKinds[kind];
  if (!def) throw new NotFound(keepsakeText.unknownKind);
  return def;
}

/**
 * POST /api/keepsake/{kind}: starts a build for the caller. One at a time per kind (409 while one is
 * active), capped per day (429 with the kind's text; a build that fails for good gives its slot back).
 */
export async function startBuild(ownerId: string, kind: KeepsakeKind, body: unknown): Promise<KeepsakeBuildDto> {
  const options = kindDef(kind).parseOptions(body);
  const latest = await latestBuild(ownerId, kind);
  if (latest && isActive(latest)) throw new Conflict(keepsakeText.alreadyRunning);
  const slot = await reserveRateSlot(limitOf(kind, ownerId));
  const now = new Date().toISOString();
  const build: KeepsakeBuild = {
    id: newBuildId(),
    ownerId,
    kind,
    status: 'queued',
    progress: { done: 0, total: 0, step: '' },
    options,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    leaseUntil: secondsFromNow(QUEUED_LEASE_SECONDS),
    rateSlot: slot.key,
  };
  try {
    await putBuild(build);
    await enqueueMediaJob({ type: 'keepsake.build', ownerId, kind, buildId: build.id });
  } catch (error) {
    await releaseRateSlots([slot]);
    await updateBuild(build, { status: 'failed', error: keepsakeText.failed, leaseUntil: undefined });
    throw error;
  }
  return toBuildDto(build);
}

/** GET /api/keepsake/{kind}/latest: the caller's newest build of the kind, or null. */
export async function latestBuildView(ownerId: string, kind: KeepsakeKind): Promise<KeepsakeBuildDto | null> {
  kindDef(kind);
  const build = await latestBuild(ownerId, kind);
  return build ? toBuildDto(build) : null;
}

/**
 * GET /api/keepsake/{kind}/builds/{id}/download: a short-lived secure URL (as for other media) of a
 * done build's result, for its owner only (anyone else: 404, as if it did not exist), until it expires
 * (410). The emailed link opens a page that calls this, so the 24 hours hold whatever the signing
 * credentials' own lifetime (docs/keepsake.md, "Links").
 */
export async function downloadBuild(
  ownerId: string,
  kind: KeepsakeKind,
  buildId: string,
): Promise<KeepsakeDownloadResponse> {
  const build = await getBuild(ownerId, kind, buildId);
  if (!build) throw new NotFound(keepsakeText.buildNotFound);
  const view = toBuildDto(build);
  if (view.status !== 'done' || !build.resultKey || !build.fileName) throw new Conflict(keepsakeText.notReady);
  if (!view.downloadable) throw new AppError(410, keepsakeText.expired);
  return {
    secure_url: await presignDownload(build.resultKey, SECURE_URL_TTL_SECONDS, build.fileName),
    expires_in: SECURE_URL_TTL_SECONDS,
    file_name: build.fileName,
  };
}

/** When a build finished at `finishedAt` stops being downloadable. */
export const linkExpiry = (finishedAt: Date) =>
  new Date(finishedAt.getTime() + KEEPSAKE_LINK_TTL_SECONDS * 1000).toISOString();
