import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { compress, type Encoding, isCompressible, negotiateEncoding } from '@storyloom/functions/lib/compression';
import { badAddressPage, isWellFormedPath } from '../lib/edge/source.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * Serves the built SPA like CloudFront does: a file if it exists, otherwise `index.html` for app routes
 * (paths without an extension), and 404 for missing assets.
 */
export function createStaticHandler(rootDir: string) {
  const root = normalize(rootDir + sep);
  return async function serveStatic(req: IncomingMessage, res: ServerResponse, path: string) {
    if (!isWellFormedPath(path)) return sendBadAddressPage(res);
    const safe = normalize(join(root, decodeURIComponent(path)));
    if (!safe.startsWith(root)) {
      res.writeHead(400).end();
      return;
    }
    const file = await stat(safe)
      .then((s) => (s.isFile() ? safe : undefined))
      .catch(() => undefined);
    const target = file ?? (extname(path) ? undefined : join(root, 'index.html'));
    if (!target) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const info = await stat(target).catch(() => undefined);
    if (!info) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build:web`.');
      return;
    }
    const hashed = target.includes(`${sep}assets${sep}`);
    const contentType = types[extname(target)] ?? 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': contentType,
      // Hashed assets never change; index.html must be re-read so new deployments show up.
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    if (encoding && isCompressible(contentType, info.size)) {
      const body = await compressedFile(target, info, encoding);
      headers['content-encoding'] = encoding;
      headers.vary = 'accept-encoding';
      res.writeHead(200, { ...headers, 'content-length': String(body.length) });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(target).pipe(res);
  };
}

/** The app's page for an address with a broken %-escape, as the edge function answers it (400). */
export function sendBadAddressPage(res: ServerResponse): void {
  const page = badAddressPage();
  res.writeHead(400, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(page)),
  });
  res.end(page);
}

/**
 * Compressed files, made once at the highest level and kept: one entry per file and encoding, replaced
 * when the file changes (a rebuild), so the cache never holds more than the build's text files twice.
 */
const compressed = new Map<string, { mtimeMs: number; size: number; body: Buffer }>();

async function compressedFile(path: string, info: { mtimeMs: number; size: number }, encoding: Encoding) {
  const key = `${encoding}:${path}`;
  const cached = compressed.get(key);
  if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached.body;
  const body = compress(await readFile(path), encoding, 'max');
  compressed.set(key, { mtimeMs: info.mtimeMs, size: info.size, body });
  return body;
}
