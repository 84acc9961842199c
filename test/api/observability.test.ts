import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useServerEnv } from '../support/env.ts';
import { api } from '../support/http.ts';

// This file serves the real handlers through local mode's API adapter inside the test process, so a
// fault can be injected into their DynamoDB client and their log lines captured. Logs on.
useServerEnv();
process.env.LOG_LEVEL = 'info';
const { routes } = await import('@storyloom/functions/routes');
const { createApiAdapter } = await import('../../infra/local/api-adapter.ts');
const { compileRoutes } = await import('../../infra/local/router.ts');

const handlersDir = new URL('../../functions/src/handlers/', import.meta.url);
let server: Server;
let base: string;

beforeAll(async () => {
  const handleApi = createApiAdapter({
    routes: compileRoutes(routes),
    loadHandler: async (route) => (await import(new URL(`${route.handler}.ts`, handlersDir).href)).handler,
    verifyToken: async () => null,
  });
  server = createServer((req, res) => void handleApi(req, res, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Every JSON line the handlers write to stdout and stderr while `fn` runs. */
async function captureLogs<T>(fn: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const grab = (chunk: unknown) => {
    for (const line of String(chunk).split('\n').filter(Boolean)) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        // not one of ours
      }
    }
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(grab);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(grab);
  try {
    return { result: await fn(), lines };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe('request ids (x-request-id) and logs', () => {
  it('a 500 carries x-request-id, and the captured error log line names the same request', async () => {
    const db = mockClient(DynamoDBDocumentClient).onAnyCommand().rejects(new Error('injected: table unreachable'));
    let captured: Awaited<ReturnType<typeof captureLogs<Response>>>;
    try {
      captured = await captureLogs(() => fetch(`${base}/public/stories?page=1&limit=10`));
    } finally {
      db.restore();
    }
    const { result: res, lines } = captured;
    expect(res.status).toBe(500);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[A-Za-z0-9+/]{15}=$/);
    expect(res.headers.get('apigw-requestid')).toBe(requestId);
    expect(lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        message: 'unhandled error',
        requestId,
        functionName: 'local-get-public-stories',
        coldStart: expect.any(Boolean),
        errorMessage: 'injected: table unreachable',
      }),
    );
  });

  it('every API response of the local server names its request, success or not', async () => {
    const okRes = await api('GET', '/public/stories?page=1&limit=1');
    const notFound = await api('GET', '/no/such/route');
    const unauthorized = await api('GET', '/api/stories');
    const invalid = await api('GET', '/public/stories?page=zero');
    for (const res of [okRes, notFound, unauthorized, invalid]) {
      expect(res.headers['x-request-id']).toMatch(/^[A-Za-z0-9+/]{15}=$/);
    }
    expect([okRes.status, notFound.status, unauthorized.status, invalid.status]).toEqual([200, 404, 401, 400]);
    expect(okRes.headers['x-request-id']).not.toBe(notFound.headers['x-request-id']);
  });
});
