import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { MAX_JSON_BODY_BYTES } from '@storyloom/shared/constants';
import { serverText } from '@storyloom/shared/messages';
import { firstIssue, isStorableText } from '@storyloom/shared/schemas/fields';
import type * as z from 'zod/mini';
import { type AuthUser, authenticate } from './auth.ts';
import { compress, isCompressible, negotiateEncoding } from './compression.ts';
import { assertCameThroughEdge, clientAddress } from './edge.ts';
import { AppError, PayloadTooLarge, TooManyRequests, Unauthorized, ValidationFailed } from './errors.ts';
import type { HttpEvent, HttpResult } from './http-types.ts';
import { describeError, functionNameOf, logger, withInvocation } from './logger.ts';

type Schema = z.ZodMiniType;
type Infer<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;

export interface RouteOptions<
  B extends Schema | undefined,
  Q extends Schema | undefined,
  P extends Schema | undefined,
> {
  /** `user` and `admin` routes need the claims API Gateway's JWT authorizer passes on. */
  auth: 'public' | 'user' | 'admin';
  body?: B;
  query?: Q;
  params?: P;
  /**
   * `read-by-handler`: a `user` route whose handler reads the caller's user record itself, in a batch with
   * what it reads anyway, and checks it with lib/auth.ts `confirmAuthState` (one DynamoDB call less).
   */
  userRecord?: 'read' | 'read-by-handler';
  /** Bodies above this many bytes (as received, base64 included) are refused with 413; default MAX_JSON_BODY_BYTES. */
  maxBodyBytes?: number;
}

export interface RouteRequest<B, Q, P, U> {
  body: B;
  query: Q;
  params: P;
  user: U;
  /** The client's address for rate limits: CloudFront's viewer address behind the edge (lib/edge.ts). */
  sourceIp: string;
  event: HttpEvent;
}

/** What a route returns: build it with `ok()`, `created()` or `withStatus()`. */
export interface RouteResult {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** 200 with a JSON body. */
export function ok(body: unknown, headers?: Record<string, string>): RouteResult {
  return { status: 200, body, headers };
}

/** 201 with a JSON body (something new was stored). */
export function created(body: unknown, headers?: Record<string, string>): RouteResult {
  return { status: 201, body, headers };
}

/** Any other success status (202 for queued work, 200/201 decided by the domain). */
export function withStatus(status: number, body: unknown, headers?: Record<string, string>): RouteResult {
  return { status, body, headers };
}

type UserFor<A> = A extends 'public' ? AuthUser | null : AuthUser;

/**
 * Builds a Lambda handler for one route: body size guard, JSON body parsing, auth, zod validation,
 * then the route function, then one error mapper last. Routes stay thin: parse, call domain, return.
 */
export function route<
  A extends 'public' | 'user' | 'admin',
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  options: RouteOptions<B, Q, P> & { auth: A },
  fn: (req: RouteRequest<Infer<B>, Infer<Q>, Infer<P>, UserFor<A>>) => Promise<RouteResult>,
) {
  const maxBodyBytes = options.maxBodyBytes ?? MAX_JSON_BODY_BYTES;
  const base = middy<HttpEvent, HttpResult>().before((request) => rejectOversizeBody(request, maxBodyBytes));
  const withBody = options.body
    ? base.use(httpJsonBodyParser({ disableContentTypeCheck: true }) as middy.MiddlewareObj<HttpEvent, HttpResult>)
    : base;
  const handler = withBody.use(errorMapper()).handler(async (event): Promise<HttpResult> => {
    const throughDoor = await assertCameThroughEdge(event);
    const user = await authenticate(event, options.auth, options.userRecord);
    const req = {
      body: parse(options.body, options.body ? (event.body as unknown) : undefined),
      query: parse(options.query, event.queryStringParameters ?? {}),
      params: parse(options.params, wellFormedPath(event.pathParameters)),
      user,
      sourceIp: clientAddress(event, throughDoor),
      event,
    } as RouteRequest<Infer<B>, Infer<Q>, Infer<P>, UserFor<A>>;
    return toResult(await fn(req));
  });
  return withRequestId(handler);
}

/**
 * Compresses a JSON response when the client accepts it (brotli, else gzip; from 1 KB), in the handler
 * rather than in CloudFront: CloudFront compresses only through a cache policy that caches, and the API
 * must never be cached; it also keeps big lists under Lambda's 6 MB response limit (docs/platform.md).
 */
function compressed(result: HttpResult, event: HttpEvent): HttpResult {
  const headers = result.headers ?? {};
  const encoding = negotiateEncoding(event.headers?.['accept-encoding']);
  if (!encoding || result.body === undefined || result.isBase64Encoded || headers['content-encoding']) return result;
  const body = Buffer.from(result.body);
  if (!isCompressible(headers['content-type'], body.length)) return result;
  return {
    ...result,
    headers: { ...headers, 'content-encoding': encoding, vary: 'accept-encoding' },
    body: compress(body, encoding, 'fast').toString('base64'),
    isBase64Encoded: true,
  };
}

/** The parts of Lambda's context object the platform reads (local mode passes the same two). */
export interface InvocationContext {
  awsRequestId?: string;
  functionName?: string;
}

/**
 * Runs one invocation in its log context and answers with `x-request-id`, error responses included.
 * The id is API Gateway's request id (the one in its `apigw-requestid` header and access logs), and
 * every log line of the invocation carries it as `requestId` (docs/platform.md, "Logs").
 */
function withRequestId(handler: (event: HttpEvent, context: never) => Promise<HttpResult>) {
  return (event: HttpEvent, context: InvocationContext = {}): Promise<HttpResult> => {
    const requestId = event.requestContext?.requestId ?? context.awsRequestId ?? randomUUID();
    const invocation = {
      requestId,
      functionName: functionNameOf(context),
      ...(context.awsRequestId && context.awsRequestId !== requestId ? { awsRequestId: context.awsRequestId } : {}),
    };
    return withInvocation(invocation, async () => {
      const result = await handler(event, context as never);
      return compressed({ ...result, headers: { ...result.headers, 'x-request-id': requestId } }, event);
    });
  };
}

/**
 * Path parameters as the handler may read them. A malformed percent-escape (`%E0%A4%A`) or a lone
 * surrogate cannot name anything: 400, never a 500 from a decode further down.
 */
function wellFormedPath(params: HttpEvent['pathParameters']): Record<string, string | undefined> {
  for (const value of Object.values(params ?? {})) {
    if (value === undefined) continue;
    let wellFormed = isStorableText(value);
    try {
      decodeURIComponent(value);
    } catch {
      wellFormed = false;
    }
    if (!wellFormed) throw new ValidationFailed(serverText.malformedPath);
  }
  return params ?? {};
}

function parse(schema: Schema | undefined, input: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationFailed(firstIssue(result.error));
  return result.data;
}

function rejectOversizeBody(request: { event: HttpEvent }, maxBytes: number) {
  const body = request.event.body;
  if (body && Buffer.byteLength(body) > maxBytes) throw new PayloadTooLarge(serverText.bodyTooLarge);
  if (request.event.body !== undefined && request.event.body.trim() === '') request.event.body = undefined;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

function toResult(result: RouteResult): HttpResult {
  return json(result.status, result.body, result.headers);
}

/** The one error mapper: typed errors keep their status and text; middy's parser errors become 400; the rest is a 500. */
export function errorMapper(): middy.MiddlewareObj<HttpEvent, HttpResult> {
  return {
    onError: (request) => {
      const error = request.error;
      request.response = mapError(error, request.event);
    },
  };
}

export function mapError(error: unknown, event?: HttpEvent): HttpResult {
  if (error instanceof TooManyRequests) {
    return json(error.status, { error: error.message }, { 'retry-after': String(error.retryAfterSeconds) });
  }
  if (error instanceof AppError) {
    if (error.status >= 500) logger.error('request failed', { route: event?.routeKey, ...describeError(error) });
    return json(error.status, { error: error.message, ...error.extra });
  }
  const middyStatus = (error as { statusCode?: number } | null)?.statusCode;
  if (middyStatus === 422 || middyStatus === 415) return json(400, { error: serverText.malformedJson });
  logger.error('unhandled error', { route: event?.routeKey, ...describeError(error) });
  return json(500, { error: serverText.internal });
}

export { Unauthorized };
