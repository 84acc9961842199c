import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

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
    const exists = await stat(target)
      .then(() => true)
      .catch(() => false);
    if (!exists) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built: run `npm run build:web`.');
      return;
    }
    const hashed = target.includes(`${sep}assets${sep}`);
    res.writeHead(200, {
      'content-type': types[extname(target)] ?? 'application/octet-stream',
      // Hashed assets never change; index.html must be re-read so new deployments show up.
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(target).pipe(res);
  };
}
