import { request } from 'node:http';
import { inject } from 'vitest';

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as is (for malformed or oversize bodies). */
  rawBody?: string | Buffer;
  token?: string;
  headers?: Record<string, string>;
  /** Source address on the loopback range, so per-client limits can be tested in isolation. */
  localAddress?: string;
}

/** Calls the local server's API (`/backend` + path) like the SPA does. */
export function api<T = Record<string, unknown>>(method: string, path: string, opts: CallOptions = {}) {
  return call<T>(method, `/backend${path}`, opts);
}

/** Calls any path of the local server. */
export function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(path, inject('baseUrl'));
  const payload = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  const headers: Record<string, string> = { ...opts.headers };
  if (payload !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        // The server listens on 127.0.0.1; `localhost` may resolve to ::1 first.
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: opts.localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T, text });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** A marker unique to this test run and call, to find our own mail and records among parallel tests. */
export function uniqueMarker(prefix = 't'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
