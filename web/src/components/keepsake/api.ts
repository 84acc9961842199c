import type {
  KeepsakeBuildDto,
  KeepsakeDownloadResponse,
  KeepsakeKind,
  KeepsakeLatestResponse,
} from '@storyloom/shared/keepsake';
import { keepsakeText } from '@storyloom/shared/messages/keepsake';
import { api } from '#web/lib/api-client.ts';
import { useMutation, useQuery, useQueryClient } from '#web/lib/queries.ts';

/**
 * Server state of keepsake builds (docs/keepsake.md), for any kind (the zip of everything, the book):
 * the newest build is polled while it is queued or running, so progress survives a reload.
 */
export const keepsakeKeys = {
  latest: (kind: KeepsakeKind) => ['keepsake', kind, 'latest'] as const,
};

const POLL_MS = 1500;

const isActive = (build: KeepsakeBuildDto | null | undefined) =>
  build?.status === 'queued' || build?.status === 'running';

export function useLatestKeepsake(kind: KeepsakeKind) {
  return useQuery({
    queryKey: keepsakeKeys.latest(kind),
    queryFn: ({ signal }) =>
      api.get<KeepsakeLatestResponse>(`/api/keepsake/${kind}/latest`, { signal }).then((r) => r.build),
    refetchInterval: (query) => (isActive(query.state.data) ? POLL_MS : false),
  });
}

/** Starts a build (`options`: what the kind takes, `{}` for none); the newest build is then this one. */
export function useStartKeepsake(kind: KeepsakeKind, fallback: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: Record<string, unknown> = {}) =>
      api.post<KeepsakeBuildDto>(`/api/keepsake/${kind}`, options, { fallback }),
    onSuccess: (build) => client.setQueryData(keepsakeKeys.latest(kind), build),
  });
}

/** A fresh secure URL of a done build (valid minutes; asked for at the moment of the click). */
export function keepsakeDownloadUrl(
  kind: KeepsakeKind,
  buildId: string,
  fallback: string = keepsakeText.buildNotFound,
) {
  return api.get<KeepsakeDownloadResponse>(`/api/keepsake/${kind}/builds/${buildId}/download`, { fallback });
}

/** Has the browser save the file behind a secure URL (the URL asks S3 for an attachment). */
export function saveFrom(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
