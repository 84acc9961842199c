import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { NarrationDto } from '@storyloom/shared/voice';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { SentEmail } from '../../infra/local/services.ts';
import { pollUntil } from '../support/voice.ts';

/**
 * The local server killed (SIGKILL) in the middle of a narration, then started again on the same data
 * folder: local SQS lives in memory, so the message is gone; the narration must still finish or fail
 * visibly, never stay "generating".
 */
let dir: string;
let server: ChildProcess | undefined;
let base = '';
/** The project's Node 24 (npm puts it first on PATH for npm scripts; a bare vitest may run on another). */
const NODE = existsSync('node_modules/.bin/node') ? resolve('node_modules/.bin/node') : process.execPath;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function startServer(port: number): Promise<void> {
  server = spawn(NODE, ['--import', 'tsx', 'infra/local/start.ts'], {
    // A clean environment: this test process carries the shared stack's endpoints, which would make the
    // server use those stand-ins instead of starting its own.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      PORT: String(port),
      DATA_DIR: dir,
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'silent',
      NARRATION_LEASE_SECONDS: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.resume();
  server.stderr?.resume();
  base = `http://127.0.0.1:${port}`;
  await pollUntil(
    () =>
      fetch(`${base}/backend/public/stories`).then(
        (r) => r.status,
        () => 0,
      ),
    (status) => status === 200,
    60_000,
  );
}

afterAll(async () => {
  server?.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function call<T>(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}/backend${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

describe('narration across a killed local server', () => {
  it('finishes (or fails visibly) after the server is killed mid-job and started again', async () => {
    inject('webDir');
    dir = await mkdtemp(join(tmpdir(), 'storyloom-restart-'));
    const port = await freePort();
    await startServer(port);
    const name = `k${Date.now().toString(36)}`;
    expect(
      (await call('POST', '/register', { username: name, email: `${name}@example.com`, password: 'secret-pw' })).status,
    ).toBe(201);
    const mail = await pollUntil(
      async () =>
        ((await (await fetch(`${base}/_local/mailbox.json`)).json()) as SentEmail[]).find((m) =>
          JSON.stringify(m).includes(name),
        ),
      (m) => m !== undefined,
      30_000,
    );
    const verify = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(JSON.stringify(mail))![1];
    await call('GET', `/verify-email?token=${verify}`);
    const login = async () =>
      (await call<{ token: string }>('POST', '/login', { username: name, password: 'secret-pw' })).body.token;
    let token = await login();
    const sentence = 'We walked to the old mill by the river every Sunday, and my father told us about the war. ';
    const story = await call<{ ID: string }>(
      'POST',
      '/api/stories',
      { title: 'Long', content: sentence.repeat(150) },
      token,
    );
    expect(
      (await call('POST', `/api/voice/narrate/${story.body.ID}`, { voice_id: 'local:m:105:160' }, token)).status,
    ).toBe(202);
    const narration = () =>
      call<NarrationDto>('GET', `/api/voice/narrate/${story.body.ID}`, undefined, token).then((r) => r.body);

    // Kill the whole server while the job is generating.
    await pollUntil(narration, (n) => n.status === 'generating', 60_000);
    server!.kill('SIGKILL');
    await new Promise((r) => server!.once('exit', r));

    await startServer(port);
    token = await login();
    const after = await pollUntil(narration, (n) => n.status === 'ready' || n.status === 'failed', 150_000);
    expect(['ready', 'failed']).toContain(after.status);
    if (after.status === 'ready') {
      expect(after.audio_url).toMatch(/narration\/.*\.mp3$/);
      expect(after.attempts).toBeGreaterThanOrEqual(2); // the killed attempt, then the one after the restart
    }
  }, 300_000);
});
