import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/** The parts of s3rver (a Koa app) this extension touches. */
export interface S3rverApp {
  middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void>;
  store: { getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}
interface S3rverContext {
  method: string;
  path: string;
  query: Record<string, unknown>;
  status: number;
  type: string;
  body: unknown;
}

/** s3rver's upload ids: 16 random bytes in hex. */
const UPLOAD_ID = /^[0-9a-f]{32}$/;

const noSuchUpload = (uploadId: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.</Message><UploadId>${uploadId}</UploadId></Error>`;

/**
 * AbortMultipartUpload for s3rver, which answers it 405 (docs/local-stand-ins.md): `DELETE
 * /{bucket}/{key}?uploadId=…` removes the upload's stored parts and answers 204, or 404 NoSuchUpload
 * for an upload it does not hold, as S3 does (API reference, AbortMultipartUpload). Streamed uploads
 * (`@aws-sdk/lib-storage`) call it when they fail, so a failed keepsake zip leaves no parts on disk.
 * Runs before s3rver's router; the local server's front check (key) has already let the request in.
 */
export function addMultipartAbort(app: S3rverApp): void {
  const abort = async (ctx: S3rverContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...key] = ctx.path.split('/');
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string' || !bucket || key.length === 0) return next();
    const dir = UPLOAD_ID.test(uploadId) ? join(app.store.getResourcePath(bucket, undefined, 'uploads'), uploadId) : '';
    const held = dir
      ? await stat(dir).then(
          (s) => s.isDirectory(),
          () => false,
        )
      : false;
    if (!held) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = noSuchUpload(uploadId);
      return;
    }
    await rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = '';
  };
  // The router is s3rver's last middleware: this goes just before it.
  app.middleware.splice(Math.max(0, app.middleware.length - 1), 0, abort);
}
