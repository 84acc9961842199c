import { SESv2Client } from '@aws-sdk/client-sesv2';
import { StandardRetryStrategy } from '@smithy/core/retry';
import { config } from '../config.ts';
import { mailCertainlyNotSent } from '../mail-outcome.ts';

/**
 * The SDK's standard retries (throttling back-off included), but only for a call SES certainly did not
 * take: by default it also repeats a time-out, and a SendEmail whose answer was lost may have been sent
 * (no idempotency key), so a retry would mail twice. Those failures go to the caller, which knows
 * whether a repeat is harmless (a job's queue retry) or not (the weekly question).
 */
class MailRetryStrategy extends StandardRetryStrategy {
  override async refreshRetryTokenForRetry(
    ...[token, errorInfo]: Parameters<StandardRetryStrategy['refreshRetryTokenForRetry']>
  ) {
    if (!mailCertainlyNotSent(errorInfo.error)) throw new Error('SendEmail may have been sent: not retried');
    return super.refreshRetryTokenForRetry(token, errorInfo);
  }
}

const options = () => ({
  region: config.region,
  endpoint: config.endpoints.ses,
  // The local SES stand-in hangs on calls it does not know: never let a request wait forever.
  requestHandler: { connectionTimeout: 3000, requestTimeout: 10_000 },
  retryStrategy: new MailRetryStrategy(3),
});

/** Pure-annotated (options included), so a bundle that never sends mail drops the client: see clients/dynamo.ts. */
export const ses = /* @__PURE__ */ new SESv2Client(/* @__PURE__ */ options());
