import { fallback } from '@storyloom/shared/messages';
import type { ContactInput } from '@storyloom/shared/schemas/contact';
import { api } from '#web/lib/api-client.ts';
import { useMutation } from '#web/lib/queries.ts';

/** POST /contact (spec section 7). Rejects with an ApiError carrying the server's text or the spec's fallback. */
export function sendContactMessage(input: ContactInput): Promise<{ message?: string } | undefined> {
  return api.post('/contact', input, { fallback: fallback.contact });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
