import { type CreateUploadResponse, declaredType, type UploadKind } from '@storyloom/shared/media';
import { ApiError, api } from './api-client.ts';

export interface UploadOptions {
  /** Called with 0…1 as the file goes up. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** The text shown when neither the API nor S3 says what went wrong. */
  fallback: string;
  /** A file name for type detection when the blob has no type (recordings have one). */
  name?: string;
}

/**
 * The one upload path (docs/media.md): asks the API for a presigned POST, sends the file straight to
 * S3 with progress, and resolves to the pending key the feature then confirms (for example
 * POST /api/profile/image `{ upload_key }`, POST /api/stories/audio, the voice sample's confirm).
 * Rejects with ApiError: the server's message (the spec's texts) or `fallback`.
 */
export async function uploadMedia(kind: UploadKind, file: Blob, opts: UploadOptions): Promise<string> {
  const contentType =
    declaredType(kind, { name: opts.name ?? (file instanceof File ? file.name : ''), type: file.type }) ?? file.type;
  const upload = await api.post<CreateUploadResponse>(
    '/api/media/uploads',
    { kind, content_type: contentType, size: file.size },
    { fallback: opts.fallback, signal: opts.signal },
  );
  await postToS3(upload, file, contentType, opts);
  return upload.key;
}

function postToS3(upload: CreateUploadResponse, file: Blob, contentType: string, opts: UploadOptions): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  // S3 reads the file from the last field; its own type must match the policy's Content-Type.
  form.append('file', file.type === contentType ? file : new Blob([file], { type: contentType }));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) opts.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve();
      } else reject(new ApiError(xhr.status, opts.fallback, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, opts.fallback, null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
