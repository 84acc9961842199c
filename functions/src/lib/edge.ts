import { timingSafeEqual } from 'node:crypto';
import { Forbidden } from './errors.ts';
import type { HttpEvent } from './http-types.ts';

/**
 * CloudFront is the API's only door (docs/infrastructure.md, "One door"). The CDK app makes CloudFront
 * send `x-origin-verify` with a value from Secrets Manager to the API, and gives every function the same
 * value in `ORIGIN_VERIFY`; a request without it came straight to the execute-api URL and is refused.
 * Local mode sets no value, so nothing is checked there.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

const expected = process.env.ORIGIN_VERIFY ? Buffer.from(process.env.ORIGIN_VERIFY) : undefined;

/** True when the request came through CloudFront (or no door is configured, as in local mode). */
export function cameThroughEdge(event: Pick<HttpEvent, 'headers'>): boolean {
  if (!expected) return true;
  const sent = Buffer.from(event.headers?.[ORIGIN_VERIFY_HEADER] ?? '');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** Refuses a request that bypassed CloudFront (403, the generic message). */
export function assertCameThroughEdge(event: Pick<HttpEvent, 'headers'>): void {
  if (!cameThroughEdge(event)) throw new Forbidden('Forbidden');
}

/**
 * The client's address for per-client limits. Behind CloudFront, API Gateway's `sourceIp` is an edge
 * server's address, shared by many visitors; the viewer address CloudFront stamps (overwriting any
 * sent by the client) is the visitor's. It is trusted only when the origin check passed, i.e. when it
 * cannot have been forged by a direct caller.
 */
export function clientAddress(event: Pick<HttpEvent, 'headers' | 'requestContext'>): string {
  if (expected && cameThroughEdge(event)) {
    // Stamped by the /backend viewer-request function (infra/lib/edge/strip-backend-prefix.js) from
    // event.viewer.ip; CloudFront's own cloudfront-viewer-address (ip:port) when an origin request
    // policy forwards it.
    const stamped = event.headers?.['x-storyloom-viewer']?.trim();
    if (stamped) return stamped;
    const viewer = event.headers?.['cloudfront-viewer-address']?.replace(/:\d+$/, '');
    if (viewer) return viewer;
  }
  return event.requestContext.http.sourceIp;
}
