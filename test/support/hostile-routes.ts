import type { CreateUploadResponse } from '@storyloom/shared/media';
import type { HostileFile } from './hostile-media.ts';

/**
 * Sends a file through every route that takes its kind, as the SPA and an API client would: the
 * presigned path (presign, POST to the S3 stand-in, confirm) and, for the two routes that have one,
 * the one-request multipart form. Used by the fuzz test and `npm run bench -- media`.
 */
export interface RouteAnswer {
  route: string;
  status: number;
  error?: string;
  /** How long the API took to answer (the refusal), ms. */
  ms: number;
  /** On the presigned path: the presign and the upload to the S3 stand-in before it, ms. */
  uploadMs?: number;
}

type Backend = (
  method: string,
  path: string,
  body?: unknown,
  form?: FormData,
) => Promise<{ status: number; body: Record<string, unknown> & { error?: string } }>;

/** A caller of one local server's API as one user. */
export function backendFor(baseUrl: string, token: string): Backend {
  return async (method, path, body, form) => {
    const res = await fetch(`${baseUrl}/backend${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(form ? {} : { 'content-type': 'application/json' }) },
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {} };
  };
}

export function fileForm(field: string, file: Pick<HostileFile, 'bytes' | 'contentType'>): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), 'file');
  return form;
}

const CONFIRM: Record<HostileFile['kind'], { path: string; field?: string; body?: Record<string, string> }> = {
  'voice-sample': { path: '/api/voice/upload-sample', field: 'voice_sample' },
  'profile-image': { path: '/api/profile/image', field: 'profile_image' },
  'story-audio': { path: '/api/stories/audio', body: { title: 'Hostile' } },
  // `:story` is the story `sendEverywhere` is given for photos.
  'story-photo': { path: '/api/stories/:story/photos', body: { caption: 'Hostile' } },
};

/** Where the file's kind is confirmed; a photo's route names its story. */
function confirmPath(kind: HostileFile['kind'], storyId?: string): string {
  const path = CONFIRM[kind].path;
  if (!path.includes(':story')) return path;
  if (!storyId) throw new Error('sendEverywhere needs a story id for photos');
  return path.replace(':story', storyId);
}

async function viaUpload(backend: Backend, file: HostileFile, storyId?: string): Promise<Omit<RouteAnswer, 'route'>> {
  const started = performance.now();
  const presign = await backend('POST', '/api/media/uploads', {
    kind: file.kind,
    content_type: file.contentType,
    size: file.bytes.length,
  });
  if (presign.status !== 201)
    return { status: presign.status, error: presign.body.error, ms: performance.now() - started };
  const upload = presign.body as unknown as CreateUploadResponse;
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), 'file');
  const s3 = await fetch(upload.url, { method: 'POST', body: form });
  await s3.arrayBuffer();
  if (s3.status >= 300) throw new Error(`S3 stand-in refused the upload: ${s3.status}`);
  const uploadMs = performance.now() - started;
  const confirm = CONFIRM[file.kind];
  const confirmed = performance.now();
  const res = await backend('POST', confirmPath(file.kind, storyId), { ...confirm.body, upload_key: upload.key });
  return { status: res.status, error: res.body.error, ms: performance.now() - confirmed, uploadMs };
}

async function viaMultipart(backend: Backend, file: HostileFile, path: string, field: string) {
  const started = performance.now();
  const res = await backend('POST', path, undefined, fileForm(field, file));
  return { status: res.status, error: res.body.error, ms: performance.now() - started };
}

/** Every route's answer to `file`, with the time the API took to give it. */
export async function sendEverywhere(
  backend: Backend,
  file: HostileFile,
  opts: { storyId?: string } = {},
): Promise<RouteAnswer[]> {
  const answers: RouteAnswer[] = [];
  const confirm = CONFIRM[file.kind];
  const sends: Array<[string, () => Promise<Omit<RouteAnswer, 'route'>>]> = [
    [`upload + ${confirm.path}`, () => viaUpload(backend, file, opts.storyId)],
  ];
  const field = confirm.field;
  if (field) sends.push([`multipart ${confirm.path}`, () => viaMultipart(backend, file, confirm.path, field)]);
  for (const [route, send] of sends) {
    const answer = await send().catch((error: Error) => {
      throw new Error(`${file.name} (${route}): ${error.message} ${String(error.cause ?? '')}`);
    });
    answers.push({ route, ...answer });
  }
  return answers;
}
