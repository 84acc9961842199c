import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Response compression (docs/platform.md, "Compression"): route() compresses API responses in both
 * homes, local mode's static server the SPA files (CloudFront does that in AWS). Brotli when the
 * client accepts it, else gzip; only text types, only from 1 KB (smaller bodies gain nothing).
 */
export type Encoding = 'br' | 'gzip';

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;

/** The encoding to answer with, from the request's Accept-Encoding (q=0 refuses). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

export function isCompressible(contentType: string | undefined, bytes: number): boolean {
  return bytes >= MIN_BYTES && COMPRESSIBLE.test(contentType ?? '');
}

/**
 * Compresses a body. `level: 'fast'` for responses made per request (API JSON: brotli quality 4 is
 * about as fast as gzip and smaller), `'max'` for files compressed once and kept. 'max' is brotli 9,
 * not 11: on the largest SPA chunk 11 took 281 ms for 8% less than 9's 24 ms, and on a busy machine
 * an unminified build took seconds on the first page load.
 */
export function compress(body: Buffer, encoding: Encoding, level: 'fast' | 'max'): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: level === 'max' ? 9 : 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level === 'max' ? 9 : 4,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // A window no larger than the body: the default 4 MB window made every call allocate (and the
      // allocator keep) megabytes for bodies of a few KB.
      [constants.BROTLI_PARAM_LGWIN]: Math.min(24, Math.max(16, Math.ceil(Math.log2(body.length + 1)))),
    },
  });
}
