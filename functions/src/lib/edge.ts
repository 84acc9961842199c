import { timingSafeEqual } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { Forbidden } from './errors.ts';
import type { HttpEvent } from './http-types.ts';

/**
 * CloudFront is the API's only door (docs/infrastructure.md, "One door"). The CDK app makes CloudFront
 * send `x-origin-verify` with a value from Secrets Manager to the API; a request without it came
 * straight to the execute-api URL and is refused. Local mode sets no value, so nothing is checked there.
 *
 * In AWS the functions read the value at run time (`ORIGIN_VERIFY_SECRET_ID`, the secret's name), not
 * from a deploy-time reference in their environment: CloudFormation never re-reads an unversioned
 * reference, so a rotated value would reach CloudFront and the functions at different times
 * (docs/deploy.md, "Rotating the origin secret"). They accept the current and the previous version, keep
 * them 15 minutes like the provider keys, and re-read early (at most once a minute) when a request
 * carries a value they do not know: after a rotation CloudFront may send either, and both pass.
 * `ORIGIN_VERIFY` (a literal value) is kept for tests and hand-run setups.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** How long the known values are kept: as long as the provider keys (lib/secrets.ts). */
export const ORIGIN_CACHE_MS = 15 * 60 * 1000;
/** An unknown value re-reads the secret at most this often (a direct caller cannot make it call more). */
export const ORIGIN_REFRESH_MS = 60 * 1000;

const literal = process.env.ORIGIN_VERIFY ? [Buffer.from(process.env.ORIGIN_VERIFY)] : undefined;
const secretId = process.env.ORIGIN_VERIFY_SECRET_ID || undefined;

let client: SecretsManagerClient | undefined;
let known: { values: Buffer[]; readAt: number } | undefined;

/** The current and (when there is one) previous value of the secret. */
async function readSecret(id: string): Promise<Buffer[]> {
  client ??= new SecretsManagerClient({ region: process.env.AWS_REGION });
  const values: Buffer[] = [];
  for (const stage of ['AWSCURRENT', 'AWSPREVIOUS']) {
    try {
      const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: id, VersionStage: stage }));
      if (SecretString) values.push(Buffer.from(SecretString));
    } catch (error) {
      // A secret never rotated has no AWSPREVIOUS version.
      if (stage === 'AWSCURRENT' || (error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    }
  }
  return values;
}

async function originValues(now: number, stale: boolean): Promise<Buffer[] | undefined> {
  if (literal) return literal;
  if (!secretId) return undefined;
  const age = known ? now - known.readAt : Number.POSITIVE_INFINITY;
  if (age > ORIGIN_CACHE_MS || (stale && age > ORIGIN_REFRESH_MS)) {
    known = { values: await readSecret(secretId), readAt: now };
  }
  return known?.values;
}

const matches = (sent: Buffer, values: Buffer[]) =>
  values.some((value) => sent.length === value.length && timingSafeEqual(sent, value));

/** True when the request came through CloudFront (or no door is configured, as in local mode). */
export async function cameThroughEdge(event: Pick<HttpEvent, 'headers'>, now = Date.now()): Promise<boolean> {
  const values = await originValues(now, false);
  if (!values) return true;
  const sent = Buffer.from(event.headers?.[ORIGIN_VERIFY_HEADER] ?? '');
  if (matches(sent, values)) return true;
  // A value we do not know may be a rotation we have not seen yet: read again (rate-limited) once.
  if (sent.length === 0) return false;
  const fresh = await originValues(now, true);
  return Boolean(fresh && fresh !== values && matches(sent, fresh));
}

/** Refuses a request that bypassed CloudFront (403, the generic message); true when a door is configured. */
export async function assertCameThroughEdge(event: Pick<HttpEvent, 'headers'>): Promise<boolean> {
  if (!(await cameThroughEdge(event))) throw new Forbidden('Forbidden');
  return Boolean(literal || secretId);
}

/** Forgets the cached values (tests). */
export function resetOriginCache(): void {
  known = undefined;
}

/**
 * The client's address for per-client limits. Behind CloudFront, API Gateway's `sourceIp` is an edge
 * server's address, shared by many visitors; the viewer address CloudFront stamps (overwriting any
 * sent by the client) is the visitor's. It is trusted only when the origin check passed
 * (`throughDoor`), i.e. when it cannot have been forged by a direct caller.
 */
export function clientAddress(event: Pick<HttpEvent, 'headers' | 'requestContext'>, throughDoor: boolean): string {
  if (throughDoor) {
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
