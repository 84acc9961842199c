import type { SecureUrlResponse } from '@storyloom/shared/media';
import { isFullUrl } from '@storyloom/shared/urls';
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '#web/lib/queries.ts';
import { batchedSecureUrl } from './secure-url-batch.ts';

/**
 * Media paths (`audio_url`, `profile_image_url`) are object keys; the browser reads them through
 * short-lived presigned URLs from POST /api/storage/secure-urls, batched per tick (secure-url-batch.ts;
 * GET /api/storage/secure-url/{path} answers one at a time, docs/media.md). Spec section 7:
 * the leading slash is removed and a full URL is used as is. `shareToken` lets a visitor on a share
 * link through (`?share_token=`); the stored token goes along as usual when signed in.
 */
export async function fetchSecureUrl(path: string, shareToken?: string | null): Promise<SecureUrlResponse> {
  if (isFullUrl(path)) return { secure_url: path, expires_in: 24 * 60 * 60 };
  return batchedSecureUrl(path.replace(/^\/+/, ''), shareToken);
}

export const secureUrlKey = (path: string | null | undefined, shareToken?: string | null) =>
  ['secure-url', path ?? '', shareToken ?? ''] as const;

/**
 * The presigned URL of a media path, cached until a minute before it expires. `renew()` fetches a
 * fresh one (an element whose URL expired while the page stayed open asks for it).
 */
export function useSecureUrl(path: string | null | undefined, shareToken?: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: secureUrlKey(path, shareToken),
    queryFn: () => fetchSecureUrl(path ?? '', shareToken),
    enabled: Boolean(path),
    staleTime: (q) => Math.max(0, ((q.state.data?.expires_in ?? 60) - 60) * 1000),
    gcTime: 10 * 60 * 1000,
    retry: false,
  });
  const renew = useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: secureUrlKey(path, shareToken),
        queryFn: () => fetchSecureUrl(path ?? '', shareToken),
        staleTime: 0,
      }),
    [queryClient, path, shareToken],
  );
  return { url: query.data?.secure_url, status: query.status, renew };
}
