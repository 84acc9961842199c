import { fallback } from '@storyloom/shared/messages';
import { api } from '#web/lib/api-client.ts';

/** GET /verify-email?token= -> {message}. A link works once: call it once per token. */
export function verifyEmail(token: string): Promise<{ message?: string } | undefined> {
  return api.get('/verify-email', { query: { token }, fallback: fallback.verifyFailed });
}
