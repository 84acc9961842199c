/**
 * Whether a failed SES SendEmail certainly sent nothing. SendEmail has no idempotency key, so a send that
 * may have gone must not be repeated where once matters (docs/family-loop.md, "Schedule and once-only
 * sends"): neither by the SDK's own retries (clients/ses.ts) nor by the weekly question's queue retry.
 */

/** Connection errors raised before a request was written: nothing reached SES. */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True when a failed `sendEmail` certainly sent nothing: SES answered and refused (a 4xx service error,
 * throttling included), or no connection was made. A time-out, a reset connection or a 5xx leaves the
 * outcome unknown: SES may have taken the mail (SendEmail has no idempotency key), so a caller that must
 * mail at most once (the weekly question) treats those as sent.
 */
export function mailCertainlyNotSent(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (status !== undefined) return status >= 400 && status < 500;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && NOT_CONNECTED.has(code);
}
