import type { SqsRecord } from '../lib/http-types.ts';
import { currentLinkOrigin } from '../lib/request-origin.ts';

/**
 * A job queued by a request carries that request's link origin (local mode only, and only one
 * `localLinkOrigin` allows), so the email the worker sends later links to the origin the user came from
 * (lib/link-base.ts). Read from the environment rather than `config`: media-queue.ts must not need the
 * whole configuration.
 */
function linkOriginAttribute(): Record<string, { DataType: 'String'; StringValue: string }> {
  const appUrl = process.env.APP_URL;
  const origin = appUrl ? currentLinkOrigin(appUrl) : undefined;
  return origin ? { linkOrigin: { DataType: 'String', StringValue: origin } } : {};
}

/**
 * A queued message's attributes: the queuing request's id (the worker logs it as `queuedBy`) and, in
 * local mode, its link origin; undefined when there are none.
 */
export function messageAttributes(requestId: string | undefined) {
  const all = {
    ...(requestId ? { requestId: { DataType: 'String', StringValue: requestId } } : {}),
    ...linkOriginAttribute(),
  };
  return Object.keys(all).length > 0 ? all : undefined;
}

/** The link origin a message was queued with; checked again where a link is made (`currentLinkOrigin`). */
export function linkOriginOf(record: SqsRecord): string | undefined {
  return (record.messageAttributes?.linkOrigin as { stringValue?: string } | undefined)?.stringValue;
}
