/**
 * `npm run bench`, media section: how long the upload path and the media URLs take in local mode
 * (docs/media.md). Starts its own local stack on a temp folder, so it needs nothing from the other
 * sections. Times, sequential, after a warm-up:
 *   - presign: POST /api/media/uploads (a presigned POST for a key under the caller's prefix);
 *   - confirm: the content check alone (confirmUpload: HEAD + GET + file-type + the headers measured),
 *     in-process on uploaded objects, and the whole POST /api/profile/image confirm call over HTTP
 *     (check, copy to the avatar key, delete the pending object, the user update, the old picture deleted);
 *   - secure-url: GET /api/storage/secure-url/{path} for the owner (token verified in the handler) and
 *     for an anonymous listener with a share_token;
 *   - hostile files and API latency during a narration (media-hostile.ts, issue 18).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startLocalStack } from '../infra/local/stack.ts';
import { pngFile, wavFile } from '../test/support/media-files.ts';
import { hostileFilesBench, narrationLatencyBench } from './media-hostile.ts';
import { fmt, percentile, table } from './stats.ts';

const REQUESTS = 200;
const CONFIRMS = 60;
const WARMUP = 10;

export async function mediaBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'storyloom-bench-media-'));
  const stack = await startLocalStack({ dataDir, port: 0, quiet: true, webDir: join(dataDir, 'web') });
  try {
    const { createUser } = await import('@storyloom/functions/domain/accounts/registration');
    const { confirmUpload } = await import('@storyloom/functions/domain/media/uploads');
    const username = `benchmedia${randomUUID().slice(0, 6)}`;
    const password = `pw-${randomUUID()}`;
    const user = await createUser({ username, email: `${username}@example.com`, password, emailVerified: true });
    const call = async (method: string, path: string, opts: { token?: string; body?: unknown } = {}) => {
      const res = await fetch(`${stack.url}/backend${path}`, {
        method,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
        },
        body: opts.body ? JSON.stringify(opts.body) : undefined,
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };
    const { token } = (await call('POST', '/login', { body: { username, password } })) as { token: string };
    const upload = async (kind: string, bytes: Buffer, type: string) => {
      const presigned = (await call('POST', '/api/media/uploads', {
        token,
        body: { kind, content_type: type, size: bytes.length },
      })) as { url: string; fields: Record<string, string>; key: string };
      const form = new FormData();
      for (const [k, v] of Object.entries(presigned.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)], { type }));
      const res = await fetch(presigned.url, { method: 'POST', body: form });
      await res.arrayBuffer();
      if (res.status >= 300) throw new Error(`S3 POST ${res.status}`);
      return presigned.key;
    };
    const time = async (n: number, fn: () => Promise<unknown>, prepare?: () => Promise<void>) => {
      const times: number[] = [];
      for (let i = 0; i < WARMUP + n; i++) {
        await prepare?.();
        const start = performance.now();
        await fn();
        if (i >= WARMUP) times.push(performance.now() - start);
      }
      return times;
    };

    const rows: string[][] = [];
    const row = (label: string, times: number[]) =>
      rows.push([label, fmt(percentile(times, 50)), fmt(percentile(times, 95)), String(times.length)]);

    row(
      'POST /api/media/uploads (presign)',
      await time(REQUESTS, () =>
        call('POST', '/api/media/uploads', {
          token,
          body: { kind: 'story-audio', content_type: 'audio/wav', size: 300_000 },
        }),
      ),
    );

    const wav = wavFile(10);
    let pending = '';
    row(
      'confirmUpload, 320 KB WAV (magic bytes + headers)',
      await time(
        CONFIRMS,
        () => confirmUpload(user.id, 'story-audio', pending),
        async () => {
          pending = await upload('story-audio', wav, 'audio/wav');
        },
      ),
    );
    row(
      'POST /api/profile/image (confirm + move)',
      await time(
        CONFIRMS,
        () => call('POST', '/api/profile/image', { token, body: { upload_key: pending } }),
        async () => {
          pending = await upload('profile-image', pngFile(), 'image/png');
        },
      ),
    );

    const story = (await call('POST', '/api/stories/audio', {
      token,
      body: { title: 'Bench', upload_key: await upload('story-audio', wav, 'audio/wav') },
    })) as { ID: string; audio_url: string };
    const link = (await call('POST', `/api/stories/${story.ID}/share-link`, { token })) as { share_token: string };
    row(
      'GET secure-url (owner, token checked)',
      await time(REQUESTS, () => call('GET', `/api/storage/secure-url/${story.audio_url}`, { token })),
    );
    row(
      'GET secure-url (visitor, share_token)',
      await time(REQUESTS, () =>
        call('GET', `/api/storage/secure-url/${story.audio_url}?share_token=${link.share_token}`),
      ),
    );

    console.log('\nMedia (local stand-ins: s3rver, dynalite, cognito-local; docs/media.md)');
    console.log(table(['step', 'p50 ms', 'p95 ms', 'n'], rows));
    console.log(`Sequential, after ${WARMUP} warm-up calls each; uploads to S3 before a confirm are not timed.`);

    await hostileFilesBench(stack, token);
    await narrationLatencyBench(stack, token);
  } finally {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx bench/media.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) await mediaBench();
