import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CreateUploadResponse } from '@storyloom/shared/media';
import type { LoginResponse } from '@storyloom/shared/schemas/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';
import { wavFile } from '../support/media-files.ts';

/**
 * A phone on the LAN (issue 18): with ALLOWED_HOSTS naming the machine, pages loaded as
 * http://phone.lan:<port> get media URLs on that same origin, and the upload and the playback work
 * there. A stack of its own, since the run's shared stack allows no extra host names.
 */
const LAN = 'storyloom-box.lan';
let stack: LocalStack;
let dataDir: string;
let host: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'storyloom-lan-'));
  stack = await startLocalStack({
    dataDir,
    port: 0,
    quiet: true,
    webDir: join(dataDir, 'web'),
    allowedHosts: [LAN],
  });
  host = `${LAN}:${new URL(stack.url).port}`;
});

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A request as the phone's browser sends it: to the machine's address, with the LAN name as `Host`. */
function fromPhone(
  method: string,
  path: string,
  opts: { body?: Uint8Array; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: new URL(stack.url).port,
        method,
        path,
        headers: { host, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

async function apiFromPhone<T>(method: string, path: string, body?: unknown, token?: string) {
  const res = await fromPhone(method, `/backend${path}`, {
    body: body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body)),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, body: JSON.parse(res.body.toString() || 'null') as T };
}

it('uploads and plays audio from a page loaded at a LAN name (ALLOWED_HOSTS)', async () => {
  const { createUser } = await import('@storyloom/functions/domain/accounts/registration');
  const username = `lan${Date.now().toString(36)}`;
  await createUser({ username, email: `${username}@example.com`, password: 'lan-password', emailVerified: true });
  const login = await apiFromPhone<LoginResponse>('POST', '/login', { username, password: 'lan-password' });
  expect(login.status).toBe(200);
  const token = login.body.token;

  const wav = wavFile(1);
  const upload = await apiFromPhone<CreateUploadResponse>(
    'POST',
    '/api/media/uploads',
    { kind: 'story-audio', content_type: 'audio/wav', size: wav.length },
    token,
  );
  expect(upload.status).toBe(201);
  const target = new URL(upload.body.url);
  expect(target.host).toBe(host);
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.body.fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'file');
  const encoded = new Response(form);
  const posted = await fromPhone('POST', target.pathname, {
    body: new Uint8Array(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  });
  expect(posted.status).toBe(204);

  const story = await apiFromPhone<{ audio_url: string }>(
    'POST',
    '/api/stories/audio',
    { title: 'From the phone', upload_key: upload.body.key },
    token,
  );
  expect(story.status).toBe(201);
  const read = await apiFromPhone<{ secure_url: string }>(
    'GET',
    `/api/storage/secure-url/${story.body.audio_url}`,
    undefined,
    token,
  );
  const media = new URL(read.body.secure_url);
  expect(media.host).toBe(host);
  const played = await fromPhone('GET', `${media.pathname}${media.search}`, { headers: { range: 'bytes=0-99' } });
  expect(played.status).toBe(206);
  expect(played.body.length).toBe(100);
});
