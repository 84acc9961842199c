import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpEvent, HttpResult } from '@storyloom/functions/lib/http-types';
import { runWithRequestOrigin } from '@storyloom/functions/lib/request-origin';
import { type RouteDef, routeId } from '@storyloom/functions/routes';
import { serverText } from '@storyloom/shared/messages';
import { type CompiledRoute, matchRoute } from './router.ts';

/** Lambda's synchronous invocation payload cap: API Gateway rejects larger bodies before the function runs. */
const MAX_REQUEST_BYTES = 6 * 1024 * 1024;

type Handler = (event: HttpEvent, context: unknown) => Promise<HttpResult>;
export type TokenVerifier = (token: string) => Promise<Record<string, unknown> | null>;

/**
 * Serves `/backend/*` the way CloudFront + API Gateway do in AWS: strips the prefix, matches the route
 * table, checks the JWT for non-public routes like the Cognito authorizer, builds a payload 2.0 event
 * and calls the same handler module the Lambda runs.
 */
export function createApiAdapter(opts: {
  routes: CompiledRoute[];
  loadHandler: (route: RouteDef) => Promise<Handler>;
  verifyToken: TokenVerifier;
}) {
  return async function handleApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    // Every response names its request, as API Gateway's does; the handler adds `x-request-id` itself.
    const requestId = newRequestId();
    res.setHeader('apigw-requestid', requestId);
    const ids = { 'x-request-id': requestId };
    const match = matchRoute(opts.routes, method, path);
    if (match.kind !== 'found') return send(res, 404, { error: serverText.routeNotFound }, ids);

    const body = await readBody(req, MAX_REQUEST_BYTES);
    if (body === 'too-large') return send(res, 413, { error: serverText.bodyTooLarge }, ids);

    // Public routes have no authorizer in AWS, so their handlers never see claims: nor here, or a
    // handler could come to rely on something that only works locally.
    let claims: Record<string, unknown> | undefined;
    if (match.route.auth !== 'public') {
      const token = bearer(req.headers.authorization);
      claims = token ? ((await opts.verifyToken(token)) ?? undefined) : undefined;
      // API Gateway's JWT authorizer answers 401 with this body before the function runs.
      if (!claims) return send(res, 401, { message: 'Unauthorized' }, ids);
    }

    const event = toEvent(req, url, path, match.route, match.pathParameters, body, claims, requestId);
    const handler = await opts.loadHandler(match.route);
    // Lambda's context carries its own invocation id and the function's name (one function per route).
    const context = { awsRequestId: randomBytes(16).toString('hex'), functionName: `local-${routeId(match.route)}` };
    // Media URLs follow the origin the browser used (localhost, 127.0.0.1, a LAN name): the server
    // answers only hosts it accepts (stack.ts, hostCheck), so the Host header is one of those.
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    // Links in emails may follow the origin the page claims (checked where a link is made: only the app's
    // own loopback names and port count, never `Origin: https://evil.example`; lib/request-origin.ts).
    const linkOrigin = typeof req.headers.origin === 'string' ? req.headers.origin : origin;
    const result = await runWithRequestOrigin(origin, () => handler(event, context), linkOrigin);
    writeResult(res, result);
  };
}

/** An id shaped like API Gateway's (`JBmHhiXfoAMEaGw=`: 11 random bytes, base64). */
export function newRequestId(): string {
  return randomBytes(11).toString('base64');
}

function bearer(header: string | undefined): string | undefined {
  if (!header) return undefined;
  // The spec's client sends the token sometimes with and sometimes without the Bearer prefix.
  return header.replace(/^Bearer\s+/i, '').trim() || undefined;
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  path: string,
  route: RouteDef,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims: Record<string, unknown> | undefined,
  requestId: string,
): HttpEvent {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = headers['content-type'] ?? '';
  const isText =
    body.length === 0 || /^(application\/json|text\/|application\/x-www-form-urlencoded)/.test(contentType);
  const routeKey = `${route.method} ${route.path}`;
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: body.length > 0 && !isText,
    requestContext: {
      // What API Gateway puts here; nothing in the handlers reads the account or API ids.
      accountId: '000000000000',
      apiId: 'local',
      domainName: (headers.host ?? 'localhost').split(':')[0] ?? 'localhost',
      domainPrefix: 'local',
      requestId,
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      http: {
        method: route.method,
        path,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: normaliseIp(req.socket.remoteAddress ?? '127.0.0.1'),
        userAgent: headers['user-agent'] ?? '',
      },
      authorizer: claims
        ? { jwt: { claims: claims as Record<string, string | number | boolean | string[]>, scopes: null } }
        : undefined,
    },
  };
}

function normaliseIp(address: string): string {
  return address.replace(/^::ffff:/, '');
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function writeResult(res: ServerResponse, result: HttpResult | Record<string, unknown>) {
  // A handler may return a plain object, which API Gateway turns into a 200 JSON response.
  if (typeof (result as HttpResult).statusCode !== 'number') return send(res, 200, result);
  const r = result as HttpResult;
  res.writeHead(r.statusCode, r.headers);
  res.end(r.body === undefined ? undefined : r.isBase64Encoded ? Buffer.from(r.body, 'base64') : r.body);
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}
