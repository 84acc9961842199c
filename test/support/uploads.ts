import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { CreateUploadResponse, UploadKind } from '@storyloom/shared/media';
import { useServerEnv } from './env.ts';
import { type ApiResponse, api } from './http.ts';

useServerEnv();
const { s3 } = await import('@storyloom/functions/lib/clients/s3');
const { config } = await import('@storyloom/functions/lib/config');

/** Asks for a presigned POST, as the SPA does. */
export function presign(
  user: { token: string },
  kind: UploadKind,
  contentType: string,
  size: number,
): Promise<ApiResponse<CreateUploadResponse>> {
  return api<CreateUploadResponse>('POST', '/api/media/uploads', {
    token: user.token,
    body: { kind, content_type: contentType, size },
  });
}

/** Sends a file to S3 with a presigned POST (fields first, the file last); returns S3's status. */
export async function postToS3(upload: CreateUploadResponse, bytes: Uint8Array, contentType: string): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'file');
  const res = await fetch(upload.url, { method: 'POST', body: form });
  await res.arrayBuffer();
  return res.status;
}

/** Presign and upload in one go; returns the pending key. Throws unless both steps succeed. */
export async function uploadFile(
  user: { token: string },
  kind: UploadKind,
  bytes: Uint8Array,
  contentType: string,
): Promise<string> {
  const res = await presign(user, kind, contentType, bytes.length);
  if (res.status !== 201) throw new Error(`presign: ${res.status} ${res.text}`);
  const status = await postToS3(res.body, bytes, contentType);
  if (status >= 300) throw new Error(`S3 POST: ${status}`);
  return res.body.key;
}

/** Every object key under a prefix of the media bucket. */
export async function listKeys(prefix: string): Promise<string[]> {
  const { Contents = [] } = await s3.send(new ListObjectsV2Command({ Bucket: config.mediaBucket, Prefix: prefix }));
  return Contents.flatMap((o) => (o.Key ? [o.Key] : [])).sort();
}
