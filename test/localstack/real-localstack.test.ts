import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalEndpoints } from '../../infra/local/profile.ts';
import type { SentEmail } from '../../infra/local/services.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/stack.ts';

/**
 * The LocalStack profile against a real LocalStack (`npm run test:localstack`, not part of `npm test`):
 * the one at LOCALSTACK_ENDPOINT if it answers, else one started with Docker
 * (`localstack/localstack:4.14.0`, the last tag that runs without an auth token). Without either it is
 * skipped, and says so on its first line. test/api/localstack-profile.test.ts runs the same profile
 * against the stand-ins behind one port in every `npm test`.
 */
const endpoint = process.env.LOCALSTACK_ENDPOINT ?? 'http://localhost:4566';
const IMAGE = 'localstack/localstack:4.14.0';

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${endpoint}/_localstack/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

let container: string | undefined;
let reason: string | undefined;
if (!(await healthy())) {
  const docker = spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], { encoding: 'utf8' });
  if (docker.status !== 0) {
    reason = `no LocalStack at ${endpoint} and no Docker daemon (${(docker.stderr || docker.error?.message || '').trim().split('\n')[0]})`;
  } else {
    container = execFileSync('docker', ['run', '-d', '--rm', '-p', '4566:4566', IMAGE], { encoding: 'utf8' }).trim();
    const deadline = Date.now() + 120_000;
    while (!(await healthy())) {
      if (Date.now() > deadline) throw new Error(`${IMAGE} did not become healthy in 2 minutes`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
if (reason)
  console.log(`SKIPPED test/localstack: ${reason}. Start LocalStack (docker run -p 4566:4566 ${IMAGE}) to run it.`);

let dir: string;
let app: LocalStack;

describe.skipIf(Boolean(reason))(`the LocalStack profile against LocalStack at ${endpoint}`, () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'storyloom-real-localstack-'));
    app = await startLocalStack({
      dataDir: dir,
      port: 0,
      quiet: true,
      webDir: join(dir, 'web'),
      visibilityTimeoutSeconds: 1,
      external: externalEndpoints({ STORYLOOM_PROFILE: 'localstack', LOCALSTACK_ENDPOINT: endpoint }),
    });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    if (container) spawnSync('docker', ['stop', container]);
  });

  async function api(method: string, path: string, body?: unknown, token?: string) {
    const res = await fetch(`${app.url}/backend${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  async function waitForMail(predicate: (mail: SentEmail) => boolean): Promise<SentEmail> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const mail = (await (await fetch(`${app.url}/_local/mailbox.json`)).json()) as SentEmail[];
      const found = mail.find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching mail (${mail.length} in the box)`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('puts the table, bucket and queues in LocalStack', () => {
    for (const name of ['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'SQS_ENDPOINT']) expect(app.env[name], name).toBe(endpoint);
  });

  it('sends a contact message through its queue', async () => {
    const marker = `real${Date.now().toString(36)}`;
    const res = await api('POST', '/contact', {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: `Hi ${marker}`,
    });
    expect(res.status).toBe(200);
    expect((await waitForMail((m) => m.text.includes(marker))).text).toContain(marker);
  }, 60_000);

  it('registers, verifies, logs in, and writes and reads a story', async () => {
    const username = `rl${Date.now().toString(36)}`.slice(0, 20);
    const creds = { username, email: `${username}@example.com`, password: 'long-enough-password' };
    expect((await api('POST', '/register', creds)).status).toBe(201);
    const mail = await waitForMail((m) => m.to.includes(creds.email) && m.text.includes('/verify-email?token='));
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect((await api('GET', `/verify-email?token=${token}`)).status).toBe(200);
    const login = await api('POST', '/login', { username, password: creds.password });
    expect(login.status).toBe(200);
    const story = { title: 'The summer at the lake', content: 'We drove north in the old car.' };
    const created = await api('POST', '/api/stories', story, login.body.token);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const read = await api('GET', `/api/stories/${created.body.ID}`, undefined, login.body.token);
    expect(read.body).toMatchObject(story);
  }, 60_000);
});
