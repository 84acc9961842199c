/**
 * Keepsake builds (docs/keepsake.md): long work the media worker does for one person — the zip of
 * everything ("export") and the printed book ("book"). One record shape and one API for both; each kind
 * brings only its builder.
 */
export const KEEPSAKE_KINDS = ['export', 'book'] as const;
export type KeepsakeKind = (typeof KEEPSAKE_KINDS)[number];

/** queued -> running -> done | failed. A failed build is retried by starting a new one. */
export type KeepsakeStatus = 'queued' | 'running' | 'done' | 'failed';

/** Builds a person may start per kind per UTC day (a failed build gives its slot back). */
export const KEEPSAKE_DAILY_LIMITS: Record<KeepsakeKind, number> = { export: 3, book: 5 };

/** How long a finished build can be downloaded, from when it finished (the emailed link says so). */
export const KEEPSAKE_LINK_TTL_SECONDS = 24 * 60 * 60;

/** A build id: 9 base-36 digits of epoch ms, then 64 random bits in hex (sorts by start time). */
export const KEEPSAKE_BUILD_ID_PATTERN = /^[0-9a-z]{9}[0-9a-f]{16}$/;

export interface KeepsakeProgressDto {
  done: number;
  total: number;
  /** What the worker is doing now, for people ("Adding recordings"). */
  step: string;
}

/** GET /api/keepsake/{kind}/latest (`build: null` when there is none) and POST /api/keepsake/{kind}. */
export interface KeepsakeBuildDto {
  id: string;
  kind: KeepsakeKind;
  status: KeepsakeStatus;
  progress: KeepsakeProgressDto;
  /** Why it failed, for people (set when status is failed). */
  error?: string;
  created_at: string;
  finished_at?: string;
  /** Until when the result can be downloaded (done builds). */
  expires_at?: string;
  /** The result's file name and size (done builds). */
  file_name?: string;
  size_bytes?: number;
  /** True while the result may be downloaded (done and not expired). */
  downloadable: boolean;
}

export interface KeepsakeLatestResponse {
  build: KeepsakeBuildDto | null;
}

/** GET /api/keepsake/builds/{id}/download: a short-lived secure URL of the result (as for other media). */
export interface KeepsakeDownloadResponse {
  secure_url: string;
  expires_in: number;
  file_name: string;
}

/** The SPA page the emailed link opens (signed in, it fetches a fresh secure URL and downloads). */
export const keepsakeDownloadPath = (kind: KeepsakeKind, buildId: string) => `/keepsake/${kind}/download/${buildId}`;
