import { brotliDecompressSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Logs on for this file (the unit project runs silent); read at the logger's module load.
process.env.LOG_LEVEL = 'info';
const { ok, route } = await import('./http.ts');
const { ValidationFailed } = await import('./errors.ts');
const { logger } = await import('./logger.ts');

import type { HttpEvent } from './http-types.ts';

const event = (requestId: string, body?: string): HttpEvent =>
  ({
    version: '2.0',
    routeKey: 'POST /things',
    rawPath: '/things',
    rawQueryString: '',
    headers: {},
    body,
    isBase64Encoded: false,
    requestContext: {
      requestId,
      routeKey: 'POST /things',
      stage: '$default',
      timeEpoch: 0,
      http: { method: 'POST', path: '/things', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
    },
  }) as HttpEvent;

/** Every line written to stdout and stderr while `fn` runs, parsed. */
async function captureLogs<T>(fn: () => Promise<T>): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const lines: string[] = [];
  const grab = (chunk: unknown) => {
    lines.push(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(grab);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(grab);
  try {
    const result = await fn();
    return {
      result,
      lines: lines
        .flatMap((l) => l.split('\n'))
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe('route(): request ids and log context', () => {
  afterEach(() => vi.restoreAllMocks());

  const handler = route({ auth: 'public' }, async () => {
    logger.info('doing the thing', { step: 1 });
    return ok({ done: true });
  });
  const failing = route({ auth: 'public' }, async () => {
    throw new Error('disk on fire');
  });
  const invalid = route({ auth: 'public' }, async () => {
    throw new ValidationFailed('Nope');
  });

  it('answers with x-request-id and logs it, with the function name and the cold start once', async () => {
    const context = { awsRequestId: 'lambda-1', functionName: 'storyloom-post-things' };
    const first = await captureLogs(() => handler(event('req-1'), context));
    const second = await captureLogs(() => handler(event('req-2'), context));
    expect(first.result.headers?.['x-request-id']).toBe('req-1');
    expect(first.lines).toEqual([
      expect.objectContaining({
        message: 'doing the thing',
        requestId: 'req-1',
        awsRequestId: 'lambda-1',
        functionName: 'storyloom-post-things',
        coldStart: true,
        step: 1,
      }),
    ]);
    expect(second.lines[0]).toMatchObject({ requestId: 'req-2', coldStart: false });
  });

  it('puts the request id on error responses and on the error log line of a 500', async () => {
    const { result, lines } = await captureLogs(() => failing(event('req-500'), { functionName: 'f' }));
    expect(result.statusCode).toBe(500);
    expect(result.headers?.['x-request-id']).toBe('req-500');
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 'error', requestId: 'req-500', errorMessage: 'disk on fire' }),
    );
    const bad = await invalid(event('req-400'));
    expect(bad.statusCode).toBe(400);
    expect(bad.headers?.['x-request-id']).toBe('req-400');
  });

  it('keeps concurrent invocations apart', async () => {
    const slow = route({ auth: 'public' }, async () => {
      await new Promise((r) => setImmediate(r));
      logger.info('after a tick');
      return ok({});
    });
    const { lines } = await captureLogs(() =>
      Promise.all(['a', 'b', 'c'].map((id) => slow(event(id), { functionName: 'slow' }))),
    );
    expect(lines.map((l) => l.requestId).sort()).toEqual(['a', 'b', 'c']);
  });

  it('compresses JSON of 1 KB and more for clients that accept it, base64 for API Gateway', async () => {
    const big = route({ auth: 'public' }, async () => ok({ text: 'The lake house. '.repeat(200) }));
    const withBr = { ...event('req-br'), headers: { 'accept-encoding': 'gzip, br' } };
    const res = await big(withBr);
    expect(res.headers).toMatchObject({ 'content-encoding': 'br', vary: 'accept-encoding', 'x-request-id': 'req-br' });
    expect(res.isBase64Encoded).toBe(true);
    const text = brotliDecompressSync(Buffer.from(res.body ?? '', 'base64')).toString();
    expect(JSON.parse(text).text).toHaveLength(3200);
    const plain = await big(event('req-plain'));
    expect(plain.headers?.['content-encoding']).toBeUndefined();
    expect(plain.isBase64Encoded).toBeUndefined();
  });
});
