import { fallback } from '@storyloom/shared/messages';
import type { ValidResetToken } from '@storyloom/shared/schemas/auth';
import { api } from '#web/lib/api-client.ts';

/** GET /validate-reset-token?token= -> {valid: true, username}; an invalid link is a 400 {valid: false, error}. */
export function validateResetToken(token: string): Promise<ValidResetToken> {
  return api.get<ValidResetToken>('/validate-reset-token', { query: { token }, fallback: fallback.resetInvalid });
}
