import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';

/** DELETE /api/shares/{shareId}. */
export function removeShare(shareId: string): Promise<unknown> {
  return api.delete(`/api/shares/${encodeURIComponent(shareId)}`, { fallback: fallback.removeShare });
}
