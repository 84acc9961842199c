import type { KeepsakeBuild } from '../../data/keepsake-builds.ts';

/** What a kind's builder is handed by the worker (worker.ts). */
export interface KeepsakeBuildContext {
  build: KeepsakeBuild;
  /**
   * Reports progress (written at most every second or so; renews the build's lease). Rejects, and
   * aborts `signal`, when the build is no longer this job's (removed with the account, replaced).
   */
  progress: (done: number, total: number, step: string) => Promise<void>;
  /** Aborted when the build must stop: stop spending, the worker removes what was written. */
  signal: AbortSignal;
  /** The key to write the result to: in the build's own folder under the owner's prefix. */
  resultKey: (fileName: string) => string;
}

/** A finished result in the media bucket. */
export interface KeepsakeResult {
  key: string;
  fileName: string;
  sizeBytes: number;
}

/** Makes one kind's result; throws KeepsakeBuildError(…, false) for a failure that a retry would repeat. */
export type KeepsakeBuilder = (ctx: KeepsakeBuildContext) => Promise<KeepsakeResult>;

/**
 * A build failure with its retry advice; any other error counts as retryable (S3 hiccups, timeouts).
 * `shown`: the reason in the owner's words (shared/src/messages), shown on the page instead of the general
 * "could not be made" when the build fails for good; internal reasons leave it out.
 */
export class KeepsakeBuildError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly shown?: string,
  ) {
    super(message);
    this.name = 'KeepsakeBuildError';
  }
}
